/**
 * The print-ready file of an order (design.md §3 `GET /api/orders/:id/print-file`): one SVG in
 * millimetres with a print area per order line, the customer's text rotated 90° along it in the
 * chosen colour and font, as the customizer shows it. Guides and labels sit in their own groups
 * (`guides`, `labels`) so the print room can hide them before printing. Built here, in shared code,
 * so the server serves it and the admin dashboard can make the same file from its offline cache.
 */
import type { OrderItemView } from './api/types';
import { colorHex, productTypeOfVariant, type ProductTypeId } from './catalog';
import { fontStack } from './fonts';

/** What the file needs of an order line: the admin item view, as served and as cached offline. */
export type PrintItem = Pick<OrderItemView, 'productType' | 'device' | 'caseType' | 'text' | 'color' | 'font' | 'fontSize' | 'logo' | 'quantity'>;

export interface PrintOrder {
  orderNumber: string;
  items: readonly PrintItem[];
}

/** Printable area per product, in mm: `width` across the text, `length` along it. */
export interface PrintArea {
  width: number;
  length: number;
}

const PRINT_AREAS: Record<ProductTypeId, (device: string) => PrintArea> = {
  'phone-case': () => ({ width: 68, length: 140 }),
  'water-bottle': (device) => (device === 'Large Bottle' ? { width: 80, length: 220 } : { width: 70, length: 180 }),
  'champagne-glass': () => ({ width: 40, length: 110 }),
};

export function printAreaOf(item: Pick<PrintItem, 'productType' | 'device'>): PrintArea {
  const type = item.productType ?? productTypeOfVariant(item.device)?.id ?? 'phone-case';
  return PRINT_AREAS[type](item.device);
}

/** The design's font size (px in the customizer, 24 by default) as printed, in mm. */
const MM_PER_DESIGN_PX = 0.5;
/** A glyph's average advance as a share of the font size: enough to keep text inside its area. */
const AVERAGE_ADVANCE = 0.6;

/** The printed font size in mm: the design's, shrunk when the text would not fit its area. */
export function printedFontSize(item: Pick<PrintItem, 'text' | 'fontSize'>, area: PrintArea): number {
  const preferred = Math.max(1, item.fontSize) * MM_PER_DESIGN_PX;
  const acrossLimit = area.width * 0.8;
  const alongLimit = (area.length * 0.9) / (Math.max(1, [...item.text].length) * AVERAGE_ADVANCE);
  return round(Math.min(preferred, acrossLimit, alongLimit));
}

export function printFileName(orderNumber: string): string {
  return `print-${orderNumber.replace(/[^A-Za-z0-9-]/g, '_')}.svg`;
}

const GAP = 10;
const LABEL_BAND = 14;

export function buildPrintFile(order: PrintOrder): string {
  let x = GAP;
  const guides: string[] = [];
  const designs: string[] = [];
  const labels: string[] = [];
  let tallest = 0;
  order.items.forEach((item, index) => {
    const area = printAreaOf(item);
    const top = LABEL_BAND;
    const { family, weight } = fontStack(item.font);
    const size = printedFontSize(item, area);
    const cx = round(x + area.width / 2);
    const cy = round(top + area.length / 2);
    guides.push(`<rect x="${x}" y="${top}" width="${area.width}" height="${area.length}" fill="none" stroke="#00a0e3" stroke-width="0.2" stroke-dasharray="2 1"/>`);
    designs.push(
      `<text id="line-${index + 1}" transform="translate(${cx} ${cy}) rotate(90)" text-anchor="middle" dominant-baseline="central" ` +
        `font-family="${escapeXml(family)}" font-weight="${weight}" font-size="${size}" fill="${colorHex(item.color)}">${escapeXml(item.text)}</text>`,
    );
    const label = `${index + 1}/${order.items.length} · ${item.device} · ${item.caseType} · ${item.color} · ${item.font} ${item.fontSize}${item.logo ? ' · with logo' : ''} · ×${item.quantity}`;
    labels.push(`<text x="${x}" y="${LABEL_BAND - 4}" font-family="sans-serif" font-size="3" fill="#333">${escapeXml(label)}</text>`);
    x += area.width + GAP;
    tallest = Math.max(tallest, area.length);
  });
  const width = Math.max(x, 2 * GAP);
  const height = LABEL_BAND + tallest + GAP;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">`,
    `<title>Order ${escapeXml(order.orderNumber)}: print file</title>`,
    `<g id="labels">${labels.join('')}</g>`,
    `<g id="guides">${guides.join('')}</g>`,
    `<g id="designs">${designs.join('')}</g>`,
    '</svg>',
    '',
  ].join('\n');
}

/** Escaped for XML text and attributes; characters XML 1.0 cannot hold at all are dropped. */
function escapeXml(value: string): string {
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
