/**
 * One vinyl colour's cut job (design.md §10): every decal of that colour in the production queue,
 * nested by its own cut outline's box plus a weeding margin on sheets of the roll, each decal
 * inside a weeding box, labelled with its order and line just outside the cut, a decal with parts
 * too thin to weed marked. The SVG, PDF and HPGL writers draw this model; nothing here writes a file.
 */
import { catalogColorName, colorHex, COLORS } from '../../../shared/catalog';
import { LABEL_FONT, type DesignFonts, type PrintOrder, type ThinFeatures } from '../../../shared/render';
import { labelGlyphs, labelLine } from '../../../shared/render/svg';
import type { CutDesign } from './cut-design';
import { nestOnSheets } from './nesting';

/** The sheet's fixed measures, mm (docs/decisions.md). */
export const CUT_SHEET = {
  /** Clear roll at each side (pinch rollers, registration marks). */
  edge: 10,
  /** Clear roll before the first and after the last decal of a sheet (registration marks). */
  band: 10,
  /** Weeding box around each decal's cut outline: twice the thinnest strip the cutter weeds. */
  weedMargin: 1,
  /** Between weeding boxes; the label sits in it, under its box. */
  gap: 1.5,
  labelSize: 1.6,
  /** Registration mark: a filled square of this side, centred in the corner's margin. */
  mark: 5,
} as const;

export interface CutLineRef {
  orderNumber: string;
  line: number;
  quantity: number;
}

/** A line of the job as the list shows it: with what is too thin to weed, if anything. */
export interface CutJobLine extends CutLineRef {
  thinFeatures: ThinFeatures | null;
}

export interface CutDecal extends CutLineRef {
  /** Which of the line's `quantity` pieces this is (1-based). */
  copy: number;
  /** The weeding box on its sheet, mm from the sheet's top-left corner; it is cut too. */
  box: { x: number; y: number; width: number; height: number };
  /** Turned a quarter anticlockwise (its text then reads left to right). */
  rotated: boolean;
  /** The cut outline in its print area, whole µm; `place` moves it onto the sheet. */
  microns: readonly Int32Array[];
  /** Print area µm → sheet µm: (x + dx, y + dy), or turned, (y + dx, dy − x). */
  place: { dx: number; dy: number };
  /** The label, printed or drawn, never cut; null when labels were not asked for. */
  label: CutLabel | null;
  thin: ThinFeatures | null;
}

/** A label's glyph outlines (thousandths of an em, y down) set from (x, y), the baseline's start on the sheet, mm. */
export interface CutLabel {
  glyphs: { d: string; x: number }[];
  x: number;
  y: number;
  sizeMm: number;
}

export interface CutSheet {
  /** 1-based, in cutting order. */
  number: number;
  lengthMm: number;
  decals: CutDecal[];
  /** Centres of the four registration marks, mm from the sheet's top-left corner. */
  marks: [number, number][];
}

export interface CutJob {
  color: string;
  hex: string;
  rollWidthMm: number;
  /** The longest a sheet may be (ROLL_LENGTH_MM). */
  sheetLengthMm: number;
  /** Roll used by all sheets, mm. */
  lengthMm: number;
  utilization: number;
  lines: CutJobLine[];
  sheets: CutSheet[];
}

export interface CutJobOptions {
  rollWidthMm: number;
  sheetLengthMm: number;
  /** Set the labels' outlines (the files need them, the list does not). */
  labels: boolean;
}

export interface QueueLine {
  orderNumber: string;
  line: number;
  item: PrintOrder['items'][number];
}

/** A queue line with its design's cut (cut-design.ts); null when it has no ink. */
export interface DesignedLine extends QueueLine {
  design: CutDesign | null;
}

/** The colour a line is cut from: its catalogue name, or the stored name for one outside the catalogue. */
export function vinylOf(item: { color: string }): string {
  return catalogColorName(item.color) ?? item.color.trim();
}

/** Queue lines by vinyl colour, catalogue colours first in catalogue order, each in queue order. */
export function groupByVinyl<T extends QueueLine>(lines: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>(COLORS.map((color) => [color.name, []]));
  for (const entry of lines) {
    const color = vinylOf(entry.item);
    let group = groups.get(color);
    if (!group) groups.set(color, (group = []));
    group.push(entry);
  }
  return new Map([...groups].filter(([, entries]) => entries.length > 0));
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Roll utilisation, the one measure of the API and the benchmark: the decals' cut-outline boxes
 * ÷ the roll they take (full width × every sheet's length, margins included).
 */
export function rollUtilisation(outlineBoxesMm2: number, rollWidthMm: number, lengthMm: number): number {
  return lengthMm > 0 ? round(outlineBoxesMm2 / (rollWidthMm * lengthMm), 4) : 0;
}

/** Nests one colour's lines on sheets of the roll. Lines without ink (blank text) have nothing to cut and are left out of the sheets (still listed). */
export function buildCutJob(color: string, entries: readonly DesignedLine[], fonts: DesignFonts, options: CutJobOptions): CutJob {
  const { edge, band, weedMargin, gap } = CUT_SHEET;
  const { rollWidthMm, sheetLengthMm } = options;
  const lines: CutJobLine[] = [];
  const pieces: { ref: CutLineRef; copy: number; design: CutDesign }[] = [];
  for (const { orderNumber, line, item, design } of entries) {
    const ref = { orderNumber, line, quantity: item.quantity };
    lines.push({ ...ref, thinFeatures: design?.thin ?? null });
    if (design) for (let copy = 1; copy <= item.quantity; copy++) pieces.push({ ref, copy, design });
  }
  const nested = nestOnSheets(
    pieces.map(({ design }) => ({ width: design.box.width + 2 * weedMargin, height: design.box.height + 2 * weedMargin })),
    { rollWidth: rollWidthMm - 2 * edge, gap, sheetLength: sheetLengthMm - 2 * band },
  );
  let outlineBoxes = 0;
  const sheets = nested.map((nest, index): CutSheet => {
    const lengthMm = round(2 * band + nest.length, 2);
    const decals = nest.placements.map((placed): CutDecal => {
      const { ref, copy, design } = pieces[placed.index]!;
      const { box: ink } = design;
      outlineBoxes += ink.width * ink.height;
      const left = edge + placed.x + weedMargin;
      const top = band + placed.y + weedMargin;
      const µm = (mm: number) => Math.round(mm * 1000);
      const place = placed.rotated ? { dx: µm(left - ink.y), dy: µm(top + ink.x + ink.width) } : { dx: µm(left - ink.x), dy: µm(top - ink.y) };
      const box = { x: edge + placed.x, y: band + placed.y, width: placed.width, height: placed.height };
      const label = options.labels ? labelFor(ref, copy, box, fonts, design.thin) : null;
      return { ...ref, copy, box, rotated: placed.rotated, microns: design.microns, place, label, thin: design.thin };
    });
    const m = edge / 2;
    return { number: index + 1, lengthMm, decals, marks: [[m, m], [rollWidthMm - m, m], [m, lengthMm - m], [rollWidthMm - m, lengthMm - m]] };
  });
  const lengthMm = round(sheets.reduce((sum, sheet) => sum + sheet.lengthMm, 0), 2);
  return { color, hex: colorHex(color), rollWidthMm, sheetLengthMm, lengthMm, utilization: rollUtilisation(outlineBoxes, rollWidthMm, lengthMm), lines, sheets };
}

/** "VP-1042 L2 1/3" ("! VP-1042 L2 1/3 thin" when it may tear): left-aligned in the gap under the box, shrunk to the box's width. */
function labelFor(ref: CutLineRef, copy: number, box: CutDecal['box'], fonts: DesignFonts, thin: ThinFeatures | null): CutLabel {
  const text = `${thin ? '! ' : ''}${ref.orderNumber} L${ref.line}${ref.quantity > 1 ? ` ${copy}/${ref.quantity}` : ''}${thin ? ' thin' : ''}`;
  const line = labelLine(text, LABEL_FONT, fonts);
  const sizeMm = Math.min(CUT_SHEET.labelSize, box.width / Math.max(line.advance, 1e-6));
  return { glyphs: labelGlyphs(line), x: box.x, y: box.y + box.height + 0.15 + sizeMm * 0.75, sizeMm };
}

/**
 * Visits the decal's cut outline on its sheet, moved `dyMicrons` further down the roll: each
 * contour's points in whole µm, `start` true for a contour's first point.
 */
export function forEachPlacedPoint(decal: CutDecal, dyMicrons: number, visit: (x: number, y: number, start: boolean) => void): void {
  const { dx } = decal.place;
  const dy = decal.place.dy + dyMicrons;
  for (const contour of decal.microns) {
    for (let i = 0; i < contour.length; i += 2) {
      const x = contour[i]!;
      const y = contour[i + 1]!;
      if (decal.rotated) visit(y + dx, dy - x, i === 0);
      else visit(x + dx, y + dy, i === 0);
    }
  }
}
