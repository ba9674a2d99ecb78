import { escapeXml } from '../../../shared/render';
import { segmentsToPathData } from '../path-geometry';
import { CUT_SHEET, type CutDecal, type CutSheet } from './cut-sheet';

/**
 * The spot colour's stand-in on screen: RIPs match the layer and swatch name `CutContour`, not this
 * value; 100 % magenta is the convention their templates use.
 */
export const CUT_CONTOUR_RGB = '#FF00FF';
/** A hairline: RIPs cut the path's centre whatever the width; 0.1 mm keeps it visible in a viewer. */
export const CUT_STROKE_MM = 0.1;

const n = (value: number) => String(Math.round(value * 1000) / 1000);

export function weedBoxPath({ box }: Pick<CutDecal, 'box'>): string {
  return `M${n(box.x)} ${n(box.y)}H${n(box.x + box.width)}V${n(box.y + box.height)}H${n(box.x)}Z`;
}

function layer(id: string, label: string, content: string): string {
  return `<g id="${id}" inkscape:groupmode="layer" inkscape:label="${escapeXml(label)}">${content}</g>`;
}

/**
 * The cut job as an SVG in mm: the decals filled in the vinyl's colour (what a print-and-cut
 * printer prints), the labels and registration marks in their own layers, and every cut path,
 * outlines and weeding boxes, in the layer `CutContour` stroked in the spot colour's stand-in.
 */
export function cutSheetSvg(sheet: CutSheet): string {
  const { rollWidthMm: width, lengthMm: length } = sheet;
  const outlines = sheet.decals.map((decal) => segmentsToPathData(decal.outline)).join('');
  const cuts = sheet.decals.map((decal) => segmentsToPathData(decal.outline) + weedBoxPath(decal)).join('');
  const half = CUT_SHEET.mark / 2;
  const marks = sheet.marks.map(([x, y]) => `<rect x="${n(x - half)}" y="${n(y - half)}" width="${CUT_SHEET.mark}" height="${CUT_SHEET.mark}"/>`).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${n(width)}mm" height="${n(length)}mm" viewBox="0 0 ${n(width)} ${n(length)}">`,
    `<title>Cut job: ${escapeXml(sheet.color)} vinyl, ${sheet.decals.length} decals, ${n(length)} mm of a ${n(width)} mm roll</title>`,
    layer('Registration', 'Registration marks', `<g fill="#000000">${marks}</g>`),
    layer('Labels', 'Labels (not cut)', `<path d="${sheet.decals.map((d) => d.labelPathData).join('')}" fill="#333333"/>`),
    layer('Print', `Decals (${escapeXml(sheet.color)})`, outlines ? `<path d="${outlines}" fill="${escapeXml(sheet.hex)}"/>` : ''),
    layer('CutContour', 'CutContour', cuts ? `<path d="${cuts}" fill="none" stroke="${CUT_CONTOUR_RGB}" stroke-width="${CUT_STROKE_MM}"/>` : ''),
    '</svg>',
    '',
  ].join('\n');
}
