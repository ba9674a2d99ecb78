/**
 * The print file of an order (design.md §6): one SVG at physical size with one artboard per order
 * line, every glyph an outline (no `<text>`), so it prints the same on any machine.
 */
import type { Design } from '../design';
import type { DesignFonts } from './font-loader';
import { LABEL_FONT } from './font-files';
import { layoutDesign, type DesignLayout, type RenderableDesign } from './layout';
import { placementGuide } from './placement-guide';
import { decalOutline } from './decal-outline';
import { letterMm } from '../decal-size';
import { areaGuide, escapeXml, labelLine, labelSvg, mm } from './svg';

/** An order line as the print file needs it: the admin item view, as served and as cached offline. */
export interface PrintLine extends RenderableDesign, Pick<Design, 'caseType' | 'logo'> {
  quantity: number;
}

export interface PrintOrder {
  orderNumber: string;
  items: readonly PrintLine[];
}

export interface PrintSheetOptions {
  /** 1-based line numbers to include, in order; all lines when unset. */
  lines?: readonly number[];
  /**
   * Labels and guides (default true). The PNG and PDF leave them out: a printer or RIP prints
   * everything it is given, so those files hold only the print areas.
   */
  marks?: boolean;
}

/** Space between artboards, and the band above each print area where its label goes, in mm. */
const GAP = 10;
const LABEL_BAND = 14;
const LABEL_SIZE = 2.8;
const LABEL_LEADING = 3.6;

/** The name of one line's file in the ZIP: `{orderNumber}-{line}-x{quantity}.svg`. */
export function printLineFileName(orderNumber: string, line: number, quantity: number, extension = 'svg'): string {
  return `${safeName(orderNumber)}-${line}-x${quantity}.${extension}`;
}

/** The download name of an order's print file (`print-ORD-1.svg`, `print-ORD-1-line-2.png`). */
export function printFileName(orderNumber: string, extension = 'svg', line?: number): string {
  return `print-${safeName(orderNumber)}${line ? `-line-${line}` : ''}.${extension}`;
}

function safeName(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, '_');
}

/**
 * The label lines of an order line: who, what, how many, and the decal's real size as laid out
 * ("Hot Pink · Pecita, 12 mm letters · 54 × 12 mm"), not the area it sits in.
 */
export function printLineLabel(orderNumber: string, item: PrintLine, line: number, lineCount: number, layout?: DesignLayout): string[] {
  const letters = layout ? Math.round(layout.fontSizeMm * 10) / 10 : letterMm(item.fontSize);
  const size = layout?.ink ? ` · ${Math.round(layout.ink.height)} × ${Math.round(layout.ink.width)} mm` : '';
  return [
    `${orderNumber} · line ${line}/${lineCount} · ×${item.quantity}`,
    `${item.device} · ${item.caseType}`,
    `${item.color} · ${item.font}, ${letters} mm letters${size}${item.logo ? ' · with logo' : ''}`,
  ];
}

/** The label lines as outlines, shrunk together when the widest would run past `maxWidth`. */
function labelPaths(labels: string[], fonts: DesignFonts, maxWidth: number): string {
  const lines = labels.map((label) => labelLine(label, LABEL_FONT, fonts));
  const size = Math.min(LABEL_SIZE, maxWidth / Math.max(...lines.map((line) => line.advance)));
  const top = LABEL_BAND - 2 - LABEL_LEADING * (labels.length - 1);
  return lines.map((line, index) => labelSvg(line, { x: 0, y: top + index * LABEL_LEADING, sizeMm: size }, '#333333')).join('');
}

function layer(id: string, label: string, content: string, transform?: string): string {
  const at = transform ? ` transform="${transform}"` : '';
  return `<g id="${id}" inkscape:groupmode="layer" inkscape:label="${escapeXml(label)}"${at}>${content}</g>`;
}

/** Which lines a request names, checked against the order (1-based); throws RangeError for a line the order lacks. */
export function selectLines(order: PrintOrder, lines?: readonly number[]): number[] {
  const all = order.items.map((_, index) => index + 1);
  if (!lines) return all;
  for (const line of lines) {
    if (!Number.isInteger(line) || line < 1 || line > order.items.length) {
      throw new RangeError(`Line ${line} does not exist: the order has ${order.items.length} line${order.items.length === 1 ? '' : 's'}.`);
    }
  }
  return [...lines];
}

/**
 * The design as it is cut: the union of its glyphs (decal-outline.ts), one boundary per piece of
 * ink and per hole, so a RIP's contour cut or a cutter's trace never runs through ink.
 */
function designLayerPath(layout: DesignLayout): string {
  const { pathData } = decalOutline(layout);
  return pathData ? `<path d="${pathData}" fill="${escapeXml(layout.fill)}"/>` : '';
}

/**
 * The order's print file. Artboards sit side by side: `<g id="line-N" data-quantity="Q">`, each with
 * its label layer in a band above the print area, its guide layer on the area's edge, and its design
 * layer of outlines. Without marks the artboards are the bare print areas, GAP apart.
 */
export function buildPrintSheet(order: PrintOrder, fonts: DesignFonts, options: PrintSheetOptions = {}): string {
  return renderPrintSheet(order, fonts, options).svg;
}

/** The print file with its physical size in mm (what a rasteriser needs to size its pixels). */
export function renderPrintSheet(order: PrintOrder, fonts: DesignFonts, options: PrintSheetOptions = {}): { svg: string; width: number; height: number } {
  const marks = options.marks ?? true;
  const margin = marks ? GAP : 0;
  const band = marks ? LABEL_BAND : 0;
  let x = margin;
  let tallest = 0;
  const artboards = selectLines(order, options.lines).map((line) => {
    const item = order.items[line - 1]!;
    const layout = layoutDesign(item, fonts);
    const artboard = artboardSvg(order, item, line, layout, fonts, { x, band, marks });
    x += layout.area.width + GAP;
    tallest = Math.max(tallest, layout.area.length);
    return artboard;
  });
  const width = x - GAP + margin;
  const height = band + tallest + margin;
  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${mm(width)}mm" height="${mm(height)}mm" viewBox="0 0 ${mm(width)} ${mm(height)}">`,
    `<title>Order ${escapeXml(order.orderNumber)}: print file</title>`,
    ...artboards,
    '</svg>',
    '',
  ].join('\n');
  return { svg, width, height };
}

function artboardSvg(
  order: PrintOrder,
  item: PrintLine,
  line: number,
  layout: DesignLayout,
  fonts: DesignFonts,
  place: { x: number; band: number; marks: boolean },
): string {
  const id = `line-${line}`;
  const areaAt = `translate(0 ${mm(place.band)})`;
  const parts = [`<g id="${id}" data-line="${line}" data-quantity="${item.quantity}" transform="translate(${mm(place.x)} 0)">`];
  if (place.marks) {
    const labels = printLineLabel(order.orderNumber, item, line, order.items.length, layout);
    parts.push(layer(`${id}-labels`, `Line ${line} labels`, labelPaths(labels, fonts, layout.area.width + GAP * 0.8)));
    parts.push(layer(`${id}-guides`, `Line ${line} guides`, areaGuide(layout), areaAt));
    parts.push(layer(`${id}-placement`, `Line ${line} placement`, placementGuide(item, layout, fonts), areaAt));
  }
  parts.push(layer(`${id}-design`, `Line ${line} design ×${item.quantity}`, designLayerPath(layout), place.band ? areaAt : undefined));
  parts.push('</g>');
  return parts.join('');
}
