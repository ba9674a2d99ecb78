/**
 * THE PROOF that preview and print are one renderer (issue 13): for a few designs (accents,
 * `<&"`, three products, three fonts) the server's print file (`GET /api/orders/:id/print-file`,
 * the SVG the print room gets) is rasterised by a different rasteriser (resvg, as the PNG print
 * file is) and compared, over the print area, with what the customizer canvas drew in Chromium.
 *
 * Metric: both pictures are resampled onto the same pixel grid of the print area (the canvas's
 * own scale, about 2.2 px per mm); a pixel is ink when its colour lies within INK_DISTANCE of the
 * design's colour; the difference is |ink A xor ink B| / |ink A or ink B| (Jaccard distance).
 * Edge pixels of anti-aliased outlines are what differs between two rasterisers; a different
 * font, size or position moves whole glyphs. MAX_DIFFERENCE (below) is the stated threshold
 * (docs/decisions/web-shop.md); a control drawing in another font must differ by far more.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestOrder } from '../server/orders/order.test-support';
import { ADMIN_ENV, adminToken } from './checkout-helpers';
import { useServerAndBrowser } from './support/harness';

/** The stated threshold: at most 15 % of the ink pixels may differ between preview and print (measured: 6-10 %). */
const MAX_DIFFERENCE = 0.15;
/** A colour within this RGB distance of the design's colour is ink (the canvas's gloss lightens ink by ~75). */
const INK_DISTANCE = 110;
/** The print file is rasterised at this multiple of the canvas's scale, then resampled down like the canvas. */
const OVERSAMPLE = 4;

const e2e = useServerAndBrowser(ADMIN_ENV);

const DESIGNS = [
  { productType: 'phone-case', productName: 'Phone Case', device: 'iPhone 14 Pro', text: 'Casa Amor', color: 'Hot Pink', hex: '#FF1493', font: 'Pecita', control: 'Inter' },
  { productType: 'water-bottle', productName: 'Water Bottle', device: 'Standard Bottle', text: 'Crème brûlée', color: 'Teal', hex: '#00A6A6', font: 'Poppins', control: 'Pecita' },
  { productType: 'champagne-glass', productName: 'Champagne Flute', device: 'Standard Glass', text: '<&"Ça va">', color: 'Dark Purple', hex: '#4B0082', font: 'Inter', control: 'Poppins' },
] as const;

type Design = (typeof DESIGNS)[number];

/** Shows the design in the customizer and waits until its font has arrived and the canvas is drawn. */
async function design(page: Page, d: Design, font: string = d.font): Promise<void> {
  const type = page.getByRole('radio', { name: d.productName });
  if (!(await type.isChecked())) {
    // By keyboard: the sticky header may cover the option once the page has scrolled.
    await type.focus();
    await page.keyboard.press('Space');
    await page.locator('#variant').and(page.locator(':enabled')).waitFor();
    await page.waitForFunction((device) => [...document.querySelectorAll<HTMLOptionElement>('#variant option')].some((o) => o.value === device), d.device);
  }
  await page.locator('#variant').selectOption(d.device);
  await page.getByLabel('3. Your text').fill(d.text);
  await page.getByRole('radio', { name: d.color, exact: true }).check();
  await page.getByLabel('5. Font').selectOption(font);
  await page.locator('canvas[aria-busy="false"][data-print-area]').waitFor();
}

/** Where line N's print area lies in the sheet, in mm (artboard translate + label band). */
function areaOffset(svg: string, line: number): { x: number; y: number } {
  const x = Number(svg.match(new RegExp(`<g id="line-${line}"[^>]*transform="translate\\(([\\d.]+) 0\\)"`))?.[1]);
  const y = Number(svg.match(new RegExp(`<g id="line-${line}-design"[^>]*transform="translate\\(0 ([\\d.]+)\\)"`))?.[1] ?? 0);
  if (!Number.isFinite(x)) throw new Error(`line ${line} not found in the print file`);
  return { x, y };
}

interface Comparison {
  difference: number;
  inkPixels: number;
}

/** Runs in the page: resamples both pictures onto the print area's grid and compares their ink. */
async function compareWithCanvas(page: Page, png: Buffer, crop: { x: number; y: number; width: number; height: number }, hex: string): Promise<Comparison> {
  return page.evaluate(
    async ({ dataUrl, crop, hex, inkDistance }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-print-area]')!;
      const [ax, ay, aw, ah] = canvas.dataset.printArea!.split(' ').map(Number) as [number, number, number, number];
      const width = Math.round(aw);
      const height = Math.round(ah);
      const grid = (draw: (ctx: OffscreenCanvasRenderingContext2D) => void) => {
        const target = new OffscreenCanvas(width, height);
        const ctx = target.getContext('2d')!;
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, width, height);
        ctx.imageSmoothingQuality = 'high';
        draw(ctx);
        return ctx.getImageData(0, 0, width, height).data;
      };
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const preview = grid((ctx) => ctx.drawImage(canvas, ax, ay, aw, ah, 0, 0, width, height));
      const print = grid((ctx) => ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height));
      const ink = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const isInk = (data: Uint8ClampedArray, i: number) => Math.hypot(data[i]! - ink[0]!, data[i + 1]! - ink[1]!, data[i + 2]! - ink[2]!) < inkDistance;
      // The area's outer 6 % is left out: the print file's guide line runs on the area's edge, and no ink may come near it.
      const margin = Math.ceil(width * 0.06);
      let either = 0;
      let differ = 0;
      for (let y = margin; y < height - margin; y++) {
        for (let x = margin; x < width - margin; x++) {
          const i = (y * width + x) * 4;
          const a = isInk(preview, i);
          const b = isInk(print, i);
          if (a || b) either++;
          if (a !== b) differ++;
        }
      }
      return { difference: either ? differ / either : 1, inkPixels: either };
    },
    { dataUrl: `data:image/png;base64,${png.toString('base64')}`, crop, hex, inkDistance: INK_DISTANCE },
  );
}

describe('preview and print file are drawn by one renderer', () => {
  it(`differ by at most ${MAX_DIFFERENCE * 100} % of their ink for every design, and a drawing in another font differs by far more`, async () => {
    const order = await createTestOrder(e2e.server.app.context.db, {
      items: DESIGNS.map(({ productType, device, text, color, font }) => ({ productType, device, text, color, font })),
    });
    const token = await adminToken(e2e.server.url);
    const response = await fetch(`${e2e.server.url}/api/orders/${order.id}/print-file`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const svg = await response.text();
    expect(svg).not.toMatch(/<text[\s>]/);
    const sheetWidthMm = Number(svg.match(/<svg[^>]*width="([\d.]+)mm"/)![1]);

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/`);
    const results: string[] = [];
    for (const [index, d] of DESIGNS.entries()) {
      await design(page, d);
      // The canvas reports where it drew the print area, in canvas px; the area in mm is design.md §6's.
      const areaWidthPx = await page.evaluate(() => Number(document.querySelector<HTMLCanvasElement>('canvas[data-print-area]')!.dataset.printArea!.split(' ')[2]));
      const areaWidthMm = { 'phone-case': 68, 'water-bottle': 70, 'champagne-glass': 40 }[d.productType];
      const scale = (areaWidthPx / areaWidthMm) * OVERSAMPLE;
      const png = Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: Math.round(sheetWidthMm * scale) }, background: '#ffffff', font: { loadSystemFonts: false } }).render().asPng());
      const at = areaOffset(svg, index + 1);
      const areaLengthMm = { 'phone-case': 140, 'water-bottle': 180, 'champagne-glass': 110 }[d.productType];
      const realScale = Math.round(sheetWidthMm * scale) / sheetWidthMm;
      const crop = { x: at.x * realScale, y: at.y * realScale, width: areaWidthMm * realScale, height: areaLengthMm * realScale };

      const same = await compareWithCanvas(page, png, crop, d.hex);
      await design(page, d, d.control);
      const control = await compareWithCanvas(page, png, crop, d.hex);
      results.push(`${d.device} “${d.text}” ${d.font}: ${(same.difference * 100).toFixed(1)} % of ${same.inkPixels} px; in ${d.control}: ${(control.difference * 100).toFixed(1)} %`);
      expect(same.inkPixels, results.at(-1)).toBeGreaterThan(150);
      expect(same.difference, results.at(-1)).toBeLessThanOrEqual(MAX_DIFFERENCE);
      expect(control.difference, results.at(-1)).toBeGreaterThan(3 * MAX_DIFFERENCE);
    }
    console.log(`preview vs print (threshold ${MAX_DIFFERENCE * 100} %):\n  ${results.join('\n  ')}`);
    await context.close();
  });
});
