import { escapeXml } from '../../../shared/render';
import { MILLI_EM } from '../../../shared/render/svg';
import { ByteWriter } from './byte-writer';
import { CUT_SHEET, forEachPlacedPoint, type CutDecal, type CutJob, type CutLabel, type CutSheet } from './cut-sheet';

/**
 * The spot colour's stand-in on screen: RIPs match the layer and swatch name `CutContour`, not this
 * value; 100 % magenta is the convention their templates use.
 */
export const CUT_CONTOUR_RGB = '#FF00FF';
/** A hairline: RIPs cut the path's centre whatever the width; 0.1 mm keeps it visible in a viewer. */
export const CUT_STROKE_MM = 0.1;
/** Decals with parts too thin to weed: their label and a dashed frame in this colour, never cut. */
export const THIN_MARK_RGB = '#D00000';
/** The frame of a thin decal: inside its weeding box, halfway between the box's cut and the ink (waste either way), this wide. */
export const THIN_FRAME = { inset: 0.5, stroke: 0.25 } as const;

export const n = (value: number) => String(Math.round(value * 1000) / 1000);

export function weedBoxPath({ box }: Pick<CutDecal, 'box'>, offsetY = 0): string {
  return `M${n(box.x)} ${n(box.y + offsetY)}H${n(box.x + box.width)}V${n(box.y + offsetY + box.height)}H${n(box.x)}Z`;
}

export function thinFramePath({ box }: Pick<CutDecal, 'box'>, offsetY = 0): string {
  const i = THIN_FRAME.inset;
  return weedBoxPath({ box: { x: box.x + i, y: box.y + i, width: box.width - 2 * i, height: box.height - 2 * i } }, offsetY);
}

function layer(id: string, label: string, content: string): string {
  return `<g id="${id}" inkscape:groupmode="layer" inkscape:label="${escapeXml(label)}">${content}</g>`;
}

/** The sheets one after another along the roll, each starting where the last ended. */
export function sheetOffsets(sheets: readonly CutSheet[]): number[] {
  let at = 0;
  return sheets.map((sheet) => {
    const offset = at;
    at += sheet.lengthMm;
    return offset;
  });
}

/** A label as one group of glyph outlines placed by translates, `dy` mm down the roll. */
function labelGroup(label: CutLabel | null, dy: number): string {
  if (!label) return '';
  const glyphs = label.glyphs.map((glyph) => `<path transform="translate(${n(glyph.x)} 0)" d="${glyph.d}"/>`).join('');
  return `<g transform="translate(${n(label.x)} ${n(label.y + dy)}) scale(${n(label.sizeMm / MILLI_EM)})">${glyphs}</g>`;
}

/**
 * The cut job as an SVG in mm: the sheets one after another down the roll, each with its
 * registration marks; the decals filled in the vinyl's colour (what a print-and-cut printer
 * prints, drawn from the cut paths by `<use>`), the labels, the marks of decals too thin to weed,
 * and every cut path, outlines and weeding boxes, in the layer `CutContour` stroked in the spot
 * colour's stand-in. `sheets` picks some of the job's sheets (all by default).
 */
export function cutJobSvg(job: CutJob, sheets: readonly CutSheet[] = job.sheets): Buffer {
  const width = job.rollWidthMm;
  const offsets = sheetOffsets(sheets);
  const length = sheets.reduce((sum, sheet) => sum + sheet.lengthMm, 0);
  const half = CUT_SHEET.mark / 2;
  const decals = sheets.flatMap((sheet, s) => sheet.decals.map((decal) => ({ decal, dy: offsets[s]! })));
  const thinCount = decals.filter(({ decal }) => decal.thin).length;
  const marks = sheets.flatMap((sheet, s) => sheet.marks.map(([x, y]) => `<rect x="${n(x - half)}" y="${n(y + offsets[s]! - half)}" width="${CUT_SHEET.mark}" height="${CUT_SHEET.mark}"/>`));
  const out = new ByteWriter();
  out.text(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${n(width)}mm" height="${n(length)}mm" viewBox="0 0 ${n(width)} ${n(length)}">`,
      `<title>Cut job: ${escapeXml(job.color)} vinyl, ${decals.length} decals on ${sheets.length} sheet${sheets.length === 1 ? '' : 's'}, ${n(length)} mm of a ${n(width)} mm roll${thinCount ? `, ${thinCount} too thin in places (marked)` : ''}</title>`,
      layer('Registration', 'Registration marks', `<g fill="#000000">${marks.join('')}</g>`),
      layer('Labels', 'Labels (not cut)', `<g fill="#333333">${decals.map(({ decal, dy }) => (decal.thin ? '' : labelGroup(decal.label, dy))).join('')}</g>`),
      layer('Print', `Decals (${escapeXml(job.color)})`, `<g fill="${escapeXml(job.hex)}" stroke="none">${decals.map((_, i) => `<use href="#cut-${i + 1}"/>`).join('')}</g>`),
      layer(
        'ThinFeatures',
        'Too thin to weed cleanly (not cut)',
        `<g fill="${THIN_MARK_RGB}">${decals
          .filter(({ decal }) => decal.thin)
          .map(({ decal, dy }) => labelGroup(decal.label, dy) + `<path d="${thinFramePath(decal, dy)}" fill="none" stroke="${THIN_MARK_RGB}" stroke-width="${THIN_FRAME.stroke}" stroke-dasharray="1 0.6"/>`)
          .join('')}</g>`,
      ),
      `<g id="CutContour" inkscape:groupmode="layer" inkscape:label="CutContour" fill="none" stroke="${CUT_CONTOUR_RGB}" stroke-width="${CUT_STROKE_MM}">`,
    ].join('\n'),
  );
  decals.forEach(({ decal, dy }, i) => {
    out.text(`<path id="cut-${i + 1}" d="`);
    writeRelativeOutline(out, decal, Math.round(dy * 1000));
    out.text('"/>');
  });
  if (decals.length) out.text(`<path d="${decals.map(({ decal, dy }) => weedBoxPath(decal, dy)).join('')}"/>`);
  return out.text('</g>\n</svg>\n').bytes();
}

/** The outline as path data: each contour's start absolute, then relative steps (exact in µm, and short). */
function writeRelativeOutline(out: ByteWriter, decal: CutDecal, dyMicrons: number): void {
  let [lastX, lastY] = [0, 0];
  let open = false;
  let steps = 0;
  forEachPlacedPoint(decal, dyMicrons, (x, y, start) => {
    if (start) {
      if (open) out.char(122);
      out.char(77).micro(x).char(32).micro(y).char(108);
      open = true;
      steps = 0;
    } else {
      const [dx, dy] = [x - lastX, y - lastY];
      if (steps++ > 0 && dx >= 0) out.char(32);
      out.micro(dx);
      if (dy >= 0) out.char(32);
      out.micro(dy);
    }
    [lastX, lastY] = [x, y];
  });
  if (open) out.char(122);
}
