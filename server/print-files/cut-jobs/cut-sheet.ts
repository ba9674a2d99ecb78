/**
 * One vinyl colour's cut job (design.md §10): every decal of that colour in the production queue,
 * nested across the roll at physical size, each inside a weeding box, labelled with its order and
 * line just outside the cut. The SVG, PDF and HPGL writers draw this model; nothing here writes a file.
 */
import { catalogColorName, colorHex, COLORS } from '../../../shared/catalog';
import { LABEL_FONT, layoutDesign, outlineText, type DesignFonts, type PrintOrder } from '../../../shared/render';
import { parsePathData, transformSegments, type Affine, type Segment } from '../path-geometry';
import { nestOnRoll } from './nesting';

/** The sheet's fixed measures, mm (docs/decisions/print-files.md). */
export const CUT_SHEET = {
  /** Clear roll at each side (pinch rollers, registration marks). */
  edge: 10,
  /** Clear roll before the first and after the last decal (registration marks). */
  band: 10,
  /** Weeding box around each decal's ink. */
  weedMargin: 2,
  /** Between weeding boxes; the label sits in it, under its box. */
  gap: 3,
  labelSize: 1.6,
  /** Registration mark: a filled square of this side, centred in the corner's margin. */
  mark: 5,
} as const;

export interface CutLineRef {
  orderNumber: string;
  line: number;
  quantity: number;
}

export interface CutDecal extends CutLineRef {
  /** Which of the line's `quantity` pieces this is (1-based). */
  copy: number;
  /** The weeding box on the sheet, mm; it is cut too. */
  box: { x: number; y: number; width: number; height: number };
  rotated: boolean;
  /** The glyph outlines on the sheet, mm (quadratics already raised to cubics). */
  outline: Segment[];
  /** The label's outlines on the sheet, mm: printed or drawn, never cut. */
  labelPathData: string;
}

export interface CutSheet {
  color: string;
  hex: string;
  rollWidthMm: number;
  lengthMm: number;
  /** Weeding boxes' area ÷ roll area used. */
  utilization: number;
  lines: CutLineRef[];
  decals: CutDecal[];
  /** Centres of the four registration marks. */
  marks: [number, number][];
}

export interface QueueLine {
  orderNumber: string;
  line: number;
  item: PrintOrder['items'][number];
}

/** The colour a line is cut from: its catalogue name, or the stored name for one outside the catalogue. */
export function vinylOf(item: { color: string }): string {
  return catalogColorName(item.color) ?? item.color.trim();
}

/** Queue lines by vinyl colour, catalogue colours first in catalogue order, each in queue order. */
export function groupByVinyl(lines: readonly QueueLine[]): Map<string, QueueLine[]> {
  const groups = new Map<string, QueueLine[]>(COLORS.map((color) => [color.name, []]));
  for (const entry of lines) {
    const color = vinylOf(entry.item);
    groups.set(color, [...(groups.get(color) ?? []), entry]);
  }
  return new Map([...groups].filter(([, entries]) => entries.length > 0));
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Nests one colour's lines on a roll `rollWidthMm` wide. Lines without ink (blank text) have nothing to cut and are left out. */
export function buildCutSheet(color: string, entries: readonly QueueLine[], fonts: DesignFonts, rollWidthMm: number): CutSheet {
  const { edge, band, weedMargin, gap } = CUT_SHEET;
  const pieces: { ref: CutLineRef; copy: number; layout: ReturnType<typeof layoutDesign> }[] = [];
  for (const { orderNumber, line, item } of entries) {
    const layout = layoutDesign(item, fonts);
    if (!layout.ink) continue;
    for (let copy = 1; copy <= item.quantity; copy++) pieces.push({ ref: { orderNumber, line, quantity: item.quantity }, copy, layout });
  }
  const nest = nestOnRoll(
    pieces.map(({ layout }) => ({ width: layout.ink!.width + 2 * weedMargin, height: layout.ink!.height + 2 * weedMargin })),
    { rollWidth: rollWidthMm - 2 * edge, gap },
  );
  const outlines = new Map<string, Segment[]>();
  const decals = pieces.map(({ ref, copy, layout }, index): CutDecal => {
    const placed = nest.placements[index]!;
    const ink = layout.ink!;
    const left = edge + placed.x + weedMargin;
    const top = band + placed.y + weedMargin;
    // Area mm → sheet mm. The layout runs the text down the area; a turned decal goes a quarter
    // anticlockwise, so its text reads left to right for the operator.
    const toSheet: Affine = placed.rotated
      ? { a: 0, b: -1, c: 1, d: 0, e: left - ink.y, f: top + ink.x + ink.width }
      : { a: 1, b: 0, c: 0, d: 1, e: left - ink.x, f: top - ink.y };
    let segments = outlines.get(layout.pathData);
    if (!segments) outlines.set(layout.pathData, (segments = parsePathData(layout.pathData)));
    const box = { x: edge + placed.x, y: band + placed.y, width: placed.width, height: placed.height };
    return { ...ref, copy, box, rotated: placed.rotated, outline: transformSegments(segments, toSheet), labelPathData: labelFor(ref, copy, box, fonts) };
  });
  const lengthMm = round(2 * band + nest.length, 2);
  const boxesArea = decals.reduce((sum, decal) => sum + decal.box.width * decal.box.height, 0);
  const m = edge / 2;
  return {
    color,
    hex: colorHex(color),
    rollWidthMm,
    lengthMm,
    utilization: lengthMm > 0 ? round(boxesArea / (rollWidthMm * lengthMm), 4) : 0,
    lines: entries.map(({ orderNumber, line, item }) => ({ orderNumber, line, quantity: item.quantity })),
    decals,
    marks: [[m, m], [rollWidthMm - m, m], [m, lengthMm - m], [rollWidthMm - m, lengthMm - m]],
  };
}

/** "VP-1042 L2 1/3": left-aligned in the gap under the box, shrunk to the box's width. */
function labelFor(ref: CutLineRef, copy: number, box: CutDecal['box'], fonts: DesignFonts): string {
  const text = `${ref.orderNumber} L${ref.line}${ref.quantity > 1 ? ` ${copy}/${ref.quantity}` : ''}`;
  const atOneMm = outlineText(text, LABEL_FONT, fonts, { x: 0, y: 0, sizeMm: 1 });
  const size = Math.min(CUT_SHEET.labelSize, box.width / Math.max(atOneMm.width, 1e-6));
  return outlineText(text, LABEL_FONT, fonts, { x: box.x, y: box.y + box.height + 0.3 + size * 0.75, sizeMm: size }).pathData;
}
