import type { DesignFonts } from './font-loader';
import type { DesignLayout } from './layout';
import { fixed, linePathData, plainLine, type ShapedLine } from './outline';

/** Escaped for XML text and attributes; characters XML 1.0 cannot hold at all are dropped. */
export function escapeXml(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- control characters are what this removes: XML 1.0 cannot hold them
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Numbers in SVG: at most three decimals, no exponent. */
export function mm(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The design's outlines as one `<path>` (nothing when there is no ink). */
export function designPath(layout: DesignLayout, id?: string): string {
  if (!layout.pathData) return '';
  return `<path${id ? ` id="${escapeXml(id)}"` : ''} d="${layout.pathData}" fill="${escapeXml(layout.fill)}"/>`;
}

const GUIDE_STROKE = 0.2;

/**
 * The print area for a guides layer: the area itself as an unstroked, unfilled rectangle (its exact
 * size, for tools that read it) and a dashed cyan hairline drawn just outside it, so a guide left
 * visible never touches the design.
 */
export function areaGuide(layout: DesignLayout): string {
  const { width, length } = layout.area;
  const out = GUIDE_STROKE / 2;
  return (
    `<rect class="print-area" x="0" y="0" width="${mm(width)}" height="${mm(length)}" fill="none" stroke="none"/>` +
    `<rect x="${mm(-out)}" y="${mm(-out)}" width="${mm(width + GUIDE_STROKE)}" height="${mm(length + GUIDE_STROKE)}" fill="none" stroke="#00a0e3" stroke-width="${GUIDE_STROKE}" stroke-dasharray="2 1"/>`
  );
}

export interface DesignSvgOptions {
  /** Fill behind the design (a thumbnail's product colour); transparent when unset. */
  background?: string;
  /** Draw the print area's outline in a `guides` group. */
  guides?: boolean;
  title?: string;
}

/**
 * One design as a standalone SVG at physical size (width and height in mm, viewBox in mm): the
 * print area with the outlined text. For thumbnails and one-line print files.
 */
export function designToSvg(layout: DesignLayout, options: DesignSvgOptions = {}): string {
  const { width, length } = layout.area;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(width)}mm" height="${mm(length)}mm" viewBox="0 0 ${mm(width)} ${mm(length)}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    options.background ? `<rect width="${mm(width)}" height="${mm(length)}" fill="${escapeXml(options.background)}"/>` : '',
    `<g id="design">${designPath(layout)}</g>`,
    options.guides ? `<g id="guides">${areaGuide(layout)}</g>` : '',
    '</svg>',
  ].join('');
}

/** A label's line set in a font, measured in em (its width at 1 mm is `advance` mm). */
export function labelLine(text: string, font: string, fonts: DesignFonts): ShapedLine {
  return plainLine(text, fonts.get(font));
}

/** Label glyphs are drawn in thousandths of an em, y down; each glyph's outline is written once per process. */
export const MILLI_EM = 1000;
const glyphOutlines = new WeakMap<object, string>();

function glyphOutline(placed: ShapedLine['glyphs'][number]): string {
  let outline = glyphOutlines.get(placed.glyph);
  if (outline === undefined) {
    outline = linePathData({ glyphs: [{ ...placed, x: 0, y: 0 }], advance: 0, ink: null, missing: [] }, { a: MILLI_EM, b: 0, c: 0, d: MILLI_EM, e: 0, f: 0 });
    glyphOutlines.set(placed.glyph, outline);
  }
  return outline;
}

/** A label line's glyphs: each one's outline (path data in thousandths of an em, y down, written once per process) and where it starts along the line. */
export function labelGlyphs(line: ShapedLine): { d: string; x: number }[] {
  return line.glyphs.flatMap((placed) => {
    const d = glyphOutline(placed);
    return d ? [{ d, x: placed.x * MILLI_EM }] : [];
  });
}

/**
 * A label line as outlines, one `<path>` per glyph placed by a translate, in a group scaled to the
 * size: plain paths every SVG reader and RIP understands, and no number of a glyph is written twice.
 * `x`, `y` start the baseline; mm.
 */
export function labelSvg(line: ShapedLine, at: { x: number; y: number; sizeMm: number }, fill: string): string {
  let glyphs = '';
  for (const placed of line.glyphs) {
    const outline = glyphOutline(placed);
    if (outline) glyphs += `<path transform="translate(${fixed(placed.x * MILLI_EM)} ${fixed(placed.y * MILLI_EM)})" d="${outline}"/>`;
  }
  if (!glyphs) return '';
  return `<g fill="${escapeXml(fill)}" transform="translate(${mm(at.x)} ${mm(at.y)}) scale(${mm(at.sizeMm / MILLI_EM)})">${glyphs}</g>`;
}

/**
 * A line of horizontal text as outlines (labels, captions). `x`, `y` is the start of the baseline;
 * sizes in mm. Set glyph by glyph, without kerning (see plainLine).
 */
export function outlineText(text: string, font: string, fonts: DesignFonts, at: { x: number; y: number; sizeMm: number }): { pathData: string; width: number } {
  const line = labelLine(text, font, fonts);
  return { pathData: linePathData(line, { a: at.sizeMm, b: 0, c: 0, d: at.sizeMm, e: at.x, f: at.y }), width: line.advance * at.sizeMm };
}
