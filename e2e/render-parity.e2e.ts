import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designToSvg, layoutDesign, loadDesignFonts, type DesignFonts } from '../shared/render';
import { fileFontSource } from '../shared/render/node-font-source';
import { rendererAlias } from '../tools/vite/renderer-alias';
import { launchChromium } from './support/chromium';
import { PARITY_DESIGNS, PARITY_PX_PER_MM, type ParityResult } from './support/render-page/designs';

/**
 * Preview and print are one renderer: the browser (built assets, fetched font files, Path2D on a
 * canvas) and the server (font files from disk, the SVG rasterised by resvg) draw the same pixels.
 * Threshold, stated: the mean alpha difference is under 0.5 level of 255 and under 0.1 % of pixels
 * differ by more than a quarter (64 levels): two anti-aliasing rasterisers of one outline, nothing
 * else (measured: mean 0.03–0.12, 0.000–0.001 %). Another font or layout differs by tens of levels.
 */
const MAX_MEAN_ALPHA_DIFFERENCE = 0.5;
const MAX_SHARE_OF_DIFFERENT_PIXELS = 0.001;

let outDir: string;
let server: http.Server;
let browser: Browser;
let fonts: DesignFonts;
let results: ParityResult[];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-parity-'));
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, 'support/render-page'),
    base: './',
    logLevel: 'error',
    resolve: { alias: rendererAlias },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  server = http.createServer((request, response) => {
    const file = path.join(outDir, path.normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html');
    if (!file.startsWith(outDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void response.writeHead(404).end();
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.woff': 'font/woff' };
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  results = await page.evaluate(() => (window as unknown as { parity: Promise<ParityResult[]> }).parity);
  fonts = await loadDesignFonts(fileFontSource);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the renderer in Chromium and on the server', () => {
  it('loads the font files as built assets and lays out every design to the same outlines', () => {
    expect(results).toHaveLength(PARITY_DESIGNS.length);
    PARITY_DESIGNS.forEach((design, index) => expect(results[index]!.pathData, design.text).toBe(layoutDesign(design, fonts).pathData));
  });

  it('draws on the canvas what resvg rasterises from the print SVG, within the stated threshold', () => {
    PARITY_DESIGNS.forEach((design, index) => {
      const browserDrawing = results[index]!;
      const layout = layoutDesign(design, fonts);
      const rendered = new Resvg(designToSvg(layout), { fitTo: { mode: 'width', value: browserDrawing.width } }).render();
      expect([rendered.width, rendered.height]).toEqual([layout.area.width * PARITY_PX_PER_MM, layout.area.length * PARITY_PX_PER_MM]);
      expect([browserDrawing.width, browserDrawing.height]).toEqual([rendered.width, rendered.height]);
      const canvasAlpha = Buffer.from(browserDrawing.alpha, 'base64');
      const pixels = rendered.pixels; // a getter that copies the image: read it once
      let total = 0;
      let different = 0;
      let inked = 0;
      for (let i = 0; i < canvasAlpha.length; i += 1) {
        const difference = Math.abs(canvasAlpha[i]! - pixels[i * 4 + 3]!);
        total += difference;
        if (difference > 64) different += 1;
        if (canvasAlpha[i]! > 128) inked += 1;
      }
      const mean = total / canvasAlpha.length;
      const share = different / canvasAlpha.length;
      const detail = `${design.text}: mean alpha difference ${mean.toFixed(3)}, ${(share * 100).toFixed(3)} % of pixels differ by more than 64`;
      expect(inked, `${design.text} draws ink`).toBeGreaterThan(1000);
      expect(mean, detail).toBeLessThan(MAX_MEAN_ALPHA_DIFFERENCE);
      expect(share, detail).toBeLessThan(MAX_SHARE_OF_DIFFERENT_PIXELS);
    });
  });
});
