import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DESIGN } from '../design.test-support';
import { decalOutline } from './decal-outline';
import type { DesignFonts } from './font-loader';
import { testFonts } from './fonts.test-support';
import { FILL_ACROSS, FILL_ALONG, layoutDesign, printAreaOf, type DesignLayout } from './layout';

let fonts: DesignFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

const design = (overrides: Partial<Parameters<typeof layoutDesign>[0]> = {}) => ({ ...SAMPLE_DESIGN, ...overrides });

/** Every point of the decal's cut outline, as [x, y] pairs. */
function points(layout: DesignLayout): [number, number][] {
  return decalOutline(layout).contours.flatMap((contour) => contour.filter((_, i) => i % 2 === 0).map((x, i): [number, number] => [x, contour[2 * i + 1]!]));
}

describe('the print area of a design', () => {
  it('is set by the variant: each phone its back below the camera, bottles 70×180, the Large Bottle 80×220, the glass 40×100', () => {
    expect(printAreaOf({ device: 'iPhone 14 Pro Max' })).toEqual({ width: 69.6, length: 108.7 });
    expect(printAreaOf({ device: 'Samsung Galaxy S22' })).toEqual({ width: 62.6, length: 82 });
    expect(printAreaOf({ device: 'Standard Bottle' })).toEqual({ width: 70, length: 180 });
    expect(printAreaOf({ device: 'Large Bottle' })).toEqual({ width: 80, length: 220 });
    expect(printAreaOf({ device: 'Standard Glass' })).toEqual({ width: 40, length: 100 });
  });

  it('follows the variant, not a productType that disagrees with it', () => {
    const layout = layoutDesign(design({ productType: 'water-bottle', device: 'iPhone 14' }), fonts);
    expect(layout.productType).toBe('phone-case');
    expect(layout.area).toEqual(printAreaOf({ device: 'iPhone 14' }));
  });
});

describe('layoutDesign', () => {
  it('sets the default 24 px design at a 12 mm em, centred in its area, in the catalogue colour', () => {
    const layout = layoutDesign(design(), fonts);
    expect(layout.fontSizeMm).toBe(12);
    expect(layout.fill).toBe('#FF1493');
    expect(layout.font).toBe('Pecita');
    const ink = layout.ink!;
    expect(ink.y + ink.height / 2).toBeCloseTo(layout.area.length / 2, 0);
    expect(ink.x).toBeGreaterThan(0);
    expect(ink.x + ink.width).toBeLessThan(layout.area.width);
    // It fits, at the size asked for: read along the text, as long as the ink runs down the area.
    expect(layout.fit).toMatchObject({ tooLong: false, tooTall: false });
    expect(layout.fit!.widthMm).toBeCloseTo(ink.height, 1);
    expect(layout.fit!.heightMm).toBeCloseTo(ink.width, 1);
  });

  it('runs the text down the area (rotated 90°): the ink is long along the area and short across it', () => {
    const ink = layoutDesign(design({ text: 'Bombshell Baddie' }), fonts).ink!;
    expect(ink.height).toBeGreaterThan(3 * ink.width);
  });

  it('measures the real glyphs: narrow letters take less length than wide ones', () => {
    const narrow = layoutDesign(design({ text: 'iiiiii', font: 'Inter' }), fonts).ink!;
    const wide = layoutDesign(design({ text: 'WWWWWW', font: 'Inter' }), fonts).ink!;
    expect(wide.height).toBeGreaterThan(2.5 * narrow.height);
  });

  it('applies the font’s kerning ("AV" is shorter than "A" and "V" set apart)', () => {
    const pair = layoutDesign(design({ text: 'AVAVAVAV', font: 'Inter' }), fonts).ink!.height;
    const apart = layoutDesign(design({ text: 'A V A V A V A V', font: 'Inter' }), fonts).ink!.height;
    const space = layoutDesign(design({ text: 'A A A A A A A A', font: 'Inter' }), fonts).ink!.height - layoutDesign(design({ text: 'AAAAAAAA', font: 'Inter' }), fonts).ink!.height;
    expect(pair).toBeLessThan(apart - space - 0.5);
  });

  it('shrinks a long text to keep its ink inside the area, and every point of the outline with it', () => {
    for (const device of ['iPhone 14', 'Standard Bottle', 'Large Bottle', 'Standard Glass']) {
      const layout = layoutDesign(design({ device, text: 'WWWWWWWWWWWWWWWWWWWW', fontSize: 96 }), fonts);
      const { width, length } = layout.area;
      expect(layout.fontSizeMm).toBeLessThan(layout.preferredFontSizeMm);
      expect(layout.fit).toMatchObject({ tooLong: true });
      expect(layout.fit!.widthMm).toBeGreaterThan(length);
      expect(layout.fit!.largestAlongMm).toBeCloseTo(layout.fontSizeMm, 2);
      expect(layout.ink!.height).toBeCloseTo(length * FILL_ALONG, 1);
      for (const [x, y] of points(layout)) {
        expect(x).toBeGreaterThanOrEqual((width * (1 - FILL_ACROSS)) / 2 - 0.01);
        expect(x).toBeLessThanOrEqual(width - (width * (1 - FILL_ACROSS)) / 2 + 0.01);
        expect(y).toBeGreaterThanOrEqual((length * (1 - FILL_ALONG)) / 2 - 0.01);
        expect(y).toBeLessThanOrEqual(length - (length * (1 - FILL_ALONG)) / 2 + 0.01);
      }
    }
  });

  it('keeps the chosen size for the designer (atChosenSize): a text too long runs past the area by what it is too long', () => {
    const long = design({ device: 'Samsung Galaxy S22', font: 'Inter', text: 'Happy Birthday Mom!!' });
    const shown = layoutDesign({ ...long, atChosenSize: true }, fonts);
    expect(shown.fontSizeMm).toBe(shown.preferredFontSizeMm);
    expect(shown.fit).toMatchObject({ tooLong: true });
    expect(shown.ink!.height).toBeCloseTo(shown.fit!.widthMm, 1);
    expect(shown.ink!.height).toBeGreaterThan(shown.area.length);
    expect(layoutDesign(long, fonts).ink!.height).toBeLessThanOrEqual(shown.area.length + 0.01);
  });

  it('draws each font from its own file: the same text has different outlines in Pecita, Inter and Poppins', () => {
    const paths = ['Pecita', 'Inter', 'Poppins'].map((font) => layoutDesign(design({ font }), fonts).pathData);
    expect(new Set(paths).size).toBe(3);
  });

  it('draws latin-ext letters from the second file and reports what no file has', () => {
    const layout = layoutDesign(design({ text: 'Łódź 😀' }), fonts);
    expect(layout.missing).toEqual(['😀']);
    const withoutEmoji = layoutDesign(design({ text: 'Łódź ' }), fonts);
    expect(layout.pathData).toBe(withoutEmoji.pathData);
    expect(layoutDesign(design({ text: 'Łódź' }), fonts).missing).toEqual([]);
  });

  it('lays out a decomposed accent like the composed one (NFC)', () => {
    expect(layoutDesign(design({ text: 'Zoe\u0308' }), fonts).pathData).toBe(layoutDesign(design({ text: 'Zoë' }), fonts).pathData);
  });

  it('gives grey to a colour outside the catalogue and Pecita to an unknown font, as stored old orders may have', () => {
    const layout = layoutDesign(design({ color: 'Neon Green', font: 'Comic Sans' }), fonts);
    expect(layout.fill).toBe('#808080');
    expect(layout.font).toBe('Pecita');
  });

  it('draws nothing for blank text', () => {
    const layout = layoutDesign(design({ text: '   ' }), fonts);
    expect(layout.pathData).toBe('');
    expect(layout.ink).toBeNull();
  });
});

describe('path numbers', () => {
  it('are written with at most two decimals, exactly as String(Math.round(v * 100) / 100) writes them', async () => {
    const { fixed } = await import('./outline');
    for (const value of [0, -0, 0.004, -0.004, 0.005, 1.5, -1.5, 1.05, 12.3456, -12.3456, 99.999, 140, -0.07, 1e-9, 68.1, 0.1 + 0.2]) {
      expect(fixed(value), String(value)).toBe(String(Math.round(value * 100) / 100));
    }
  });
});
