import type { DesignFonts } from './font-loader';
import type { DesignLayout } from './layout';
import { linePathData, shapeLine } from './outline';

/** Escaped for XML text and attributes; characters XML 1.0 cannot hold at all are dropped. */
export function escapeXml(value: string): string {
  return value
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

/** The print area's outline, for a guides layer (never printed: it lies on the area's edge, hairline and cyan). */
export function areaGuide(layout: DesignLayout): string {
  return `<rect x="0" y="0" width="${mm(layout.area.width)}" height="${mm(layout.area.length)}" fill="none" stroke="#00a0e3" stroke-width="0.2" stroke-dasharray="2 1"/>`;
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

/**
 * A line of horizontal text as outlines, for labels: the print file holds no `<text>`, so it looks
 * the same wherever it is opened. `x`, `y` is the start of the baseline; sizes in mm.
 */
export function outlineText(text: string, font: string, fonts: DesignFonts, at: { x: number; y: number; sizeMm: number }): { pathData: string; width: number } {
  const line = shapeLine(text, fonts.get(font));
  const pathData = linePathData(line, (x, y) => [at.x + x * at.sizeMm, at.y + y * at.sizeMm]);
  return { pathData, width: line.advance * at.sizeMm };
}
