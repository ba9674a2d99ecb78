import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from '../design.test-support';
import { glyphPathData } from './cut-check.test-support';
import { testFonts as loadTestFonts } from './fonts.test-support';
import { layoutDesign, type DesignLayout } from './layout';
import { findThinFeatures, maskResolutionFor, type FeatureMask } from './thin-features';

/** A mask from rectangles (x, y, w, h in px) on a blank field. */
function rectangles(width: number, height: number, rects: [number, number, number, number][], pxPerMm = 10): FeatureMask {
  const ink = new Uint8Array(width * height);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) ink[y * width + x] = 1;
  return { ink, width, height, pxPerMm };
}

/** The layout's glyphs (as the font draws them, no weight compensation) rasterised by resvg as a canvas would: a margin of 1 mm, alpha ≥ 50 %. */
function maskOf(layout: DesignLayout, minMm: number): FeatureMask {
  const pxPerMm = maskResolutionFor(minMm);
  const ink = layout.ink!;
  const [w, h] = [ink.width + 2, ink.height + 2];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(w * pxPerMm)}" height="${Math.ceil(h * pxPerMm)}" viewBox="${ink.x - 1} ${ink.y - 1} ${Math.ceil(w * pxPerMm) / pxPerMm} ${Math.ceil(h * pxPerMm) / pxPerMm}"><path d="${glyphPathData(layout)}"/></svg>`;
  const image = new Resvg(svg).render();
  // `pixels` copies the whole image out of resvg on each read: read it once.
  const pixels = image.pixels;
  const mask = Uint8Array.from({ length: image.width * image.height }, (_, i) => (pixels[i * 4 + 3]! >= 128 ? 1 : 0));
  return { ink: mask, width: image.width, height: image.height, pxPerMm };
}

describe('findThinFeatures', () => {
  it('finds a bar and a gap thinner than the minimum, and nothing in shapes wide enough', () => {
    // 10 px/mm, minimum 0.5 mm = 5 px: a 3 px bar and a 2 px slit are too thin, 8 px ones are not.
    // Widths are estimated to the pixel (0.1 mm here).
    const bar = findThinFeatures(rectangles(60, 60, [[10, 10, 3, 40], [30, 10, 8, 40]]), 0.5);
    expect(bar.narrowestGapMm).toBeNull();
    expect(bar.thinnestStrokeMm).toBeCloseTo(0.3, 1);
    const slit = findThinFeatures(rectangles(60, 60, [[10, 10, 15, 40], [27, 10, 15, 40]]), 0.5);
    expect(slit.thinnestStrokeMm).toBeNull();
    expect(slit.narrowestGapMm).toBeGreaterThanOrEqual(0.1);
    expect(slit.narrowestGapMm).toBeLessThanOrEqual(0.2);
    expect(findThinFeatures(rectangles(60, 60, [[10, 10, 15, 40], [33, 10, 15, 40]]), 0.5)).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
  });

  it('finds the script font’s hairlines in its glyphs on a small glass decal, none in a bold word at full size', async () => {
    const fonts = await loadTestFonts();
    const script = layoutDesign({ ...SAMPLE_DESIGN, device: 'Standard Glass', text: 'Bombshell forever', font: 'Pecita', fontSize: 24 }, fonts);
    const found = findThinFeatures(maskOf(script, 0.5), 0.5);
    expect(found.thinnestStrokeMm).not.toBeNull();
    expect(found.thinnestStrokeMm!).toBeLessThan(0.5);
    const bold = layoutDesign({ ...SAMPLE_DESIGN, text: 'BOSS', font: 'Poppins', fontSize: 60 }, fonts);
    expect(findThinFeatures(maskOf(bold, 0.5), 0.5)).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
  });
});

describe('layoutDesign capHeightMm', () => {
  it('is the font’s capital H measured from its outline at the size the text is set', async () => {
    const fonts = await loadTestFonts();
    for (const font of ['Inter', 'Poppins']) {
      const layout = layoutDesign({ ...SAMPLE_DESIGN, text: 'H', font, fontSize: 24 }, fonts);
      // A lone H's ink across the area (the letter's height, as the text runs down the area) is the capital height.
      expect(layout.capHeightMm).toBeCloseTo(layout.ink!.width, 1);
      expect(layout.capHeightMm).toBeLessThan(layout.fontSizeMm * 0.8);
    }
    // The script H dips below the baseline: its capital height is the part above it.
    const script = layoutDesign({ ...SAMPLE_DESIGN, text: 'H', font: 'Pecita', fontSize: 24 }, fonts);
    expect(script.capHeightMm).toBeGreaterThan(script.fontSizeMm * 0.5);
    expect(script.capHeightMm).toBeLessThan(script.ink!.width);
  });
});
