import { Resvg } from '@resvg/resvg-js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../shared/api/types';
import { buildPrintFile } from '../../shared/print-file';
import { fileFontSource } from '../../shared/render/node-font-source';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let adminToken: string;
let orderId: string;
let orderNumber: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const order = await createTestOrder(t.app.context.db, {
    items: [
      { text: 'Mugged Off', color: 'Teal', font: 'Poppins', quantity: 2 },
      { device: 'Large Bottle', productType: 'water-bottle', text: `Zoë <&> "it's"`, color: 'Purple', font: 'Inter' },
      { device: 'Standard Glass', productType: 'champagne-glass', text: 'Cheers', quantity: 3 },
    ],
  });
  orderId = order.id;
  orderNumber = order.order_number;
});
afterAll(() => t.close());

async function download(path: string, token = adminToken) {
  const response = await fetch(t.url + path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const rootTag = (svg: string) => /<svg [^>]*>/.exec(svg)![0];

/** The pixel size and the pHYs chunk (pixels per unit, unit) of a PNG. */
function pngInfo(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const chunks: string[] = [];
  let phys: { x: number; y: number; unit: number } | null = null;
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset)) {
    const type = png.toString('ascii', offset + 4, offset + 8);
    chunks.push(type);
    if (type === 'pHYs') phys = { x: png.readUInt32BE(offset + 8), y: png.readUInt32BE(offset + 12), unit: png.readUInt8(offset + 16) };
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), phys, chunks };
}

describe('GET /api/orders/:id/print-file (SVG)', () => {
  it('is the order’s print-ready SVG: mm size, one artboard per line with its quantity, outlines only', async () => {
    const response = await t.request('GET', `/api/orders/${orderId}/print-file`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="print-${orderNumber}.svg"`);
    const svg = response.text;
    // 10 + 63.5 + 10 + 80 + 10 + 40 + 10 wide (the iPhone 14 Pro's back below its camera, the bottle, the flute's bowl); a 14 mm label band, the 220 mm bottle and a margin high.
    expect(rootTag(svg)).toContain('width="223.5mm" height="244mm" viewBox="0 0 223.5 244"');
    expect([...svg.matchAll(/<g id="(line-\d)" data-line="\d" data-quantity="(\d+)"/g)].map((m) => `${m[1]}×${m[2]}`)).toEqual(['line-1×2', 'line-2×1', 'line-3×3']);
    for (const [line, width, height] of [[1, 63.5, 96.5], [2, 80, 220], [3, 40, 100]]) {
      expect(svg).toMatch(new RegExp(`<g id="line-${line}-guides"[^>]*><rect class="print-area" x="0" y="0" width="${width}" height="${height}"`));
    }
    expect(svg).not.toMatch(/<text/);
    expect(svg).not.toContain('<&>');
    expect(new Resvg(svg).width).toBeGreaterThan(0);
  });

  it('is the file the dashboard makes offline from the admin view it caches', async () => {
    const response = await t.request('GET', `/api/orders/${orderId}/print-file`, { token: adminToken });
    const view = await t.request<{ order: AdminOrderView }>('GET', `/api/orders/${orderId}`, { token: adminToken });
    expect(await buildPrintFile({ orderNumber: view.body.order.orderNumber, items: view.body.order.items }, fileFontSource)).toBe(response.text);
    expect(view.body.order.fulfillmentData.printFile).toBe(`/api/orders/${orderId}/print-file`);
  });

  it('gives one line with ?line=N, at that product’s size', async () => {
    const response = await t.request('GET', `/api/orders/${orderId}/print-file?line=3`, { token: adminToken });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="print-${orderNumber}-line-3.svg"`);
    expect(rootTag(response.text)).toContain('width="60mm" height="124mm"');
    expect(response.text).toContain('<g id="line-3"');
    expect(response.text).not.toContain('<g id="line-1"');
  });
});

describe('GET /api/orders/:id/print-file?format=png', () => {
  it('has the pixel size the physical size implies at 300 dpi, recorded in pHYs', async () => {
    const response = await download(`/api/orders/${orderId}/print-file?format=png&line=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const info = pngInfo(response.bytes);
    expect([info.width, info.height]).toEqual([Math.round((63.5 * 300) / 25.4), Math.round((96.5 * 300) / 25.4)]);
    expect(info.phys).toEqual({ x: 11811, y: 11811, unit: 1 });
    expect(info.chunks.slice(0, 3)).toEqual(['IHDR', 'pHYs', 'IDAT']);
  });

  it('takes another dpi and draws every line when none is named', async () => {
    const info = pngInfo((await download(`/api/orders/${orderId}/print-file?format=png&dpi=150`)).bytes);
    // Without labels and guides: the three print areas, 10 mm apart.
    expect([info.width, info.height]).toEqual([Math.round((203.5 * 150) / 25.4), Math.round((220 * 150) / 25.4)]);
    expect(info.phys).toEqual({ x: 5906, y: 5906, unit: 1 });
  });

  it('has the design’s colour where the text is', async () => {
    const png = (await download(`/api/orders/${orderId}/print-file?format=png&line=1&dpi=72`)).bytes;
    const { pixels, width } = decode(png);
    const teal = [0x00, 0xa6, 0xa6];
    let found = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] === 255 && pixels[i] === teal[0] && pixels[i + 1] === teal[1] && pixels[i + 2] === teal[2]) found += 1;
    expect(found).toBeGreaterThan(50);
    expect(width).toBe(Math.round((63.5 * 72) / 25.4));
  });
});

/** RGBA pixels of a PNG, through resvg (which reads PNG inside an SVG image). */
function decode(png: Buffer): { pixels: Uint8Array; width: number } {
  const { width, height } = pngInfo(png);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const rendered = new Resvg(svg).render();
  return { pixels: rendered.pixels, width: rendered.width };
}

describe('GET /api/orders/:id/print-file?format=pdf', () => {
  it('has one page per line at physical size in points', async () => {
    const response = await download(`/api/orders/${orderId}/print-file?format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="print-${orderNumber}.pdf"`);
    const pdf = await PDFDocument.load(response.bytes);
    const points = (mm: number) => (mm * 72) / 25.4;
    const sizes = pdf.getPages().map((page) => page.getSize());
    expect(sizes).toHaveLength(3);
    [[63.5, 96.5], [80, 220], [40, 100]].forEach(([width, height], index) => {
      expect(sizes[index]!.width).toBeCloseTo(points(width!), 2);
      expect(sizes[index]!.height).toBeCloseTo(points(height!), 2);
    });
    const one = await PDFDocument.load((await download(`/api/orders/${orderId}/print-file?format=pdf&line=2`)).bytes);
    expect(one.getPageCount()).toBe(1);
    expect(one.getPage(0).getSize().height).toBeCloseTo(points(220), 2);
  });
});

describe('bad print-file requests', () => {
  it.each([
    ['format=gif', 422, 'Format must be svg, png or pdf'],
    ['format=png&dpi=abc', 422, 'DPI must be a whole number from 72 to 1200'],
    ['format=png&dpi=5000', 422, 'DPI must be a whole number from 72 to 1200'],
    ['format=png&dpi=71', 422, 'DPI must be a whole number from 72 to 1200'],
    ['dpi=300', 422, 'DPI applies to the PNG format only'],
    ['line=0', 422, 'Line must be a line number of the order (1, 2, …)'],
    ['line=two', 422, 'Line must be a line number of the order (1, 2, …)'],
    ['line=4', 422, 'Line 4 does not exist: the order has 3 lines.'],
    ['format=png&dpi=1200', 422, 'This PNG would be 99.9 megapixels (at most 16): ask for one line (line=N) or a lower dpi.'],
  ])('?%s answers %i JSON', async (query, status, message) => {
    const response = await t.request('GET', `/api/orders/${orderId}/print-file?${query}`, { token: adminToken });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body.error).toBe(message);
  });

  it('answers an order without lines with a JSON 404 saying so', async () => {
    const empty = await createTestOrder(t.app.context.db, { items: [] });
    const response = await t.request('GET', `/api/orders/${empty.id}/print-file?format=png`, { token: adminToken });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: 'This order has no lines to print.', code: 'NOTHING_TO_PRINT' });
  });

  it('answers an unknown order with the JSON 404, and only admins get a file', async () => {
    const missing = await t.request('GET', '/api/orders/no-such-order/print-file?format=pdf', { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Order not found.' });
    expect((await t.request('GET', `/api/orders/${orderId}/print-file`)).status).toBe(401);
    const customer = await createUserWithToken(t, 'customer');
    expect((await t.request('GET', `/api/orders/${orderId}/print-file`, { token: customer.token })).status).toBe(403);
  });
});
