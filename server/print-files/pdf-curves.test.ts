import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from '../../shared/design.test-support';
import { designToSvg, layoutDesign, type PrintLine } from '../../shared/render';
import { renderPdf } from './pdf';
import { pixelsFor } from './png';
import { printFonts } from '../catalog/print-fonts';
import { parsePathData } from './path-geometry';

const DPI = 600;
const dir = mkdtempSync(path.join(tmpdir(), 'pdf-curves-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Ink mask of the PDF's page as poppler rasterises it (grey, white paper): darker than halfway to the ink. */
function pdfMask(pdf: Uint8Array, width: number, height: number, inkGrey: number): Uint8Array {
  const file = path.join(dir, 'page.pdf');
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-scale-to-x', String(width), '-scale-to-y', String(height), '-gray', '-singlefile', file, path.join(dir, 'page')]);
  const pgm = readFileSync(path.join(dir, 'page.pgm'));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 40))!;
  expect([Number(header[1]), Number(header[2])]).toEqual([width, height]);
  const pixels = pgm.subarray(header[0].length);
  return Uint8Array.from(pixels, (grey) => (grey < (255 + inkGrey) / 2 ? 1 : 0));
}

/** Ink mask of the SVG as resvg rasterises it: at least half covered. */
function svgMask(svg: string, width: number, height: number): Uint8Array {
  const sized = svg.replace(/width="[\d.]+mm" height="[\d.]+mm"/, `width="${width}" height="${height}" preserveAspectRatio="none"`);
  const rgba = new Resvg(sized, { font: { loadSystemFonts: false } }).render().pixels;
  return Uint8Array.from({ length: width * height }, (_, i) => (rgba[i * 4 + 3]! >= 128 ? 1 : 0));
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return both / either;
}

const line = (text: string, font: string): PrintLine => ({ ...SAMPLE_DESIGN, text, font, color: 'Dark Purple', quantity: 1, fontSize: 60 });
// Dark Purple #4B0082 as poppler's grey (0.299 R + 0.587 G + 0.114 B).
const INK_GREY = Math.round(0.299 * 0x4b + 0.114 * 0x82);

describe('the PDF print file draws the SVG’s curves', () => {
  it('raises every quadratic to the cubic of the same curve', () => {
    const [, cubic] = parsePathData('M0 0Q10 20 20 0');
    expect(cubic).toMatchObject({ op: 'C', to: [20, 0] });
    expect(cubic!.op === 'C' && cubic!.c1.map((v) => Math.round(v * 1000) / 1000)).toEqual([6.667, 13.333]);
    expect(parsePathData('M0 0H5V5h-5z')).toEqual([{ op: 'M', to: [0, 0] }, { op: 'L', to: [5, 0] }, { op: 'L', to: [5, 5] }, { op: 'L', to: [0, 5] }, { op: 'Z' }]);
  });

  // One word per font at the largest size (fontSize 60): poppler and resvg themselves differ by
  // about 0.3 % of the ink on straight edges at 600 dpi, so long lines of small letters would
  // measure the rasterisers, not the curves. With Q written as `v` these score 0.992–0.994.
  it.each([
    ['Pecita', 'Grafting'],
    ['Inter', 'Cheers'],
    ['Poppins', 'Queen'],
  ])('%s: rasterised at 600 dpi, the PDF and the SVG agree to IoU ≥ 0.995', async (font, text) => {
    const fonts = await printFonts();
    const item = line(text, font);
    const layout = layoutDesign(item, fonts);
    const width = pixelsFor(layout.area.width, DPI);
    const height = pixelsFor(layout.area.length, DPI);
    const pdf = await renderPdf({ orderNumber: 'VP-TEST', items: [item] }, fonts);
    const score = iou(pdfMask(pdf, width, height, INK_GREY), svgMask(designToSvg(layout), width, height));
    expect(score).toBeGreaterThanOrEqual(0.995);
  });
});
