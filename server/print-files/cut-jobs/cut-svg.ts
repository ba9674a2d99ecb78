import { escapeXml, micronPathData } from '../../../shared/render';
import { CUT_SHEET, placedMicrons, type CutDecal, type CutJob, type CutSheet } from './cut-sheet';

/**
 * The spot colour's stand-in on screen: RIPs match the layer and swatch name `CutContour`, not this
 * value; 100 % magenta is the convention their templates use.
 */
export const CUT_CONTOUR_RGB = '#FF00FF';
/** A hairline: RIPs cut the path's centre whatever the width; 0.1 mm keeps it visible in a viewer. */
export const CUT_STROKE_MM = 0.1;
/** Decals with parts too thin to weed: their label and a dashed frame in this colour, never cut. */
export const THIN_MARK_RGB = '#D00000';
/** The frame around a thin decal's weeding box: this far outside it, in the gap, this wide. */
export const THIN_FRAME = { offset: 0.45, stroke: 0.3 } as const;

export const n = (value: number) => String(Math.round(value * 1000) / 1000);

export function weedBoxPath({ box }: Pick<CutDecal, 'box'>, offsetY = 0): string {
  return `M${n(box.x)} ${n(box.y + offsetY)}H${n(box.x + box.width)}V${n(box.y + offsetY + box.height)}H${n(box.x)}Z`;
}

export function thinFramePath({ box }: Pick<CutDecal, 'box'>, offsetY = 0): string {
  const o = THIN_FRAME.offset;
  return weedBoxPath({ box: { x: box.x - o, y: box.y - o, width: box.width + 2 * o, height: box.height + 2 * o } }, offsetY);
}

function layer(id: string, label: string, content: string, attributes = ''): string {
  return `<g id="${id}" inkscape:groupmode="layer" inkscape:label="${escapeXml(label)}"${attributes}>${content}</g>`;
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

/** Label path data moved down the roll (labels are absolute M/L/Q/Z path data in sheet mm). */
function shifted(pathData: string, dy: number): string {
  if (dy === 0) return pathData;
  return `<path transform="translate(0 ${n(dy)})" d="${pathData}"/>`;
}

/**
 * The cut job as an SVG in mm: the sheets one after another down the roll, each with its
 * registration marks; the decals filled in the vinyl's colour (what a print-and-cut printer
 * prints, drawn from the cut paths by `<use>`), the labels, the marks of decals too thin to weed,
 * and every cut path, outlines and weeding boxes, in the layer `CutContour` stroked in the spot
 * colour's stand-in. `sheets` picks some of the job's sheets (all by default).
 */
export function cutJobSvg(job: CutJob, sheets: readonly CutSheet[] = job.sheets): string {
  const width = job.rollWidthMm;
  const offsets = sheetOffsets(sheets);
  const length = sheets.reduce((sum, sheet) => sum + sheet.lengthMm, 0);
  const half = CUT_SHEET.mark / 2;
  const marks: string[] = [];
  const labels: string[] = [];
  const thin: string[] = [];
  const uses: string[] = [];
  const outlines: string[] = [];
  let boxes = '';
  let count = 0;
  sheets.forEach((sheet, s) => {
    const dy = offsets[s]!;
    for (const [x, y] of sheet.marks) marks.push(`<rect x="${n(x - half)}" y="${n(y + dy - half)}" width="${CUT_SHEET.mark}" height="${CUT_SHEET.mark}"/>`);
    for (const decal of sheet.decals) {
      const id = `cut-${++count}`;
      const moved = dy ? placedMicrons({ ...decal, place: { dx: decal.place.dx, dy: decal.place.dy + Math.round(dy * 1000) } }) : placedMicrons(decal);
      outlines.push(`<path id="${id}" d="${micronPathData(moved)}"/>`);
      uses.push(`<use href="#${id}"/>`);
      boxes += weedBoxPath(decal, dy);
      const label = decal.labelPathData ? (dy ? shifted(decal.labelPathData, dy) : `<path d="${decal.labelPathData}"/>`) : '';
      if (decal.thin) thin.push(label, `<path d="${thinFramePath(decal, dy)}" fill="none" stroke="${THIN_MARK_RGB}" stroke-width="${THIN_FRAME.stroke}" stroke-dasharray="1 0.6"/>`);
      else labels.push(label);
    }
  });
  const thinCount = sheets.reduce((sum, sheet) => sum + sheet.decals.filter((decal) => decal.thin).length, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${n(width)}mm" height="${n(length)}mm" viewBox="0 0 ${n(width)} ${n(length)}">`,
    `<title>Cut job: ${escapeXml(job.color)} vinyl, ${count} decals on ${sheets.length} sheet${sheets.length === 1 ? '' : 's'}, ${n(length)} mm of a ${n(width)} mm roll${thinCount ? `, ${thinCount} too thin in places (marked)` : ''}</title>`,
    layer('Registration', 'Registration marks', `<g fill="#000000">${marks.join('')}</g>`),
    layer('Labels', 'Labels (not cut)', `<g fill="#333333">${labels.join('')}</g>`),
    layer('Print', `Decals (${escapeXml(job.color)})`, `<g fill="${escapeXml(job.hex)}" stroke="none">${uses.join('')}</g>`),
    layer('ThinFeatures', 'Too thin to weed cleanly (not cut)', `<g fill="${THIN_MARK_RGB}">${thin.join('')}</g>`),
    layer('CutContour', 'CutContour', outlines.join('') + (boxes ? `<path d="${boxes}"/>` : ''), ` fill="none" stroke="${CUT_CONTOUR_RGB}" stroke-width="${CUT_STROKE_MM}"`),
    '</svg>',
    '',
  ].join('\n');
}
