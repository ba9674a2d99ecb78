import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FONTS } from '../catalog';
import { SAMPLE_DESIGN } from '../design.test-support';
import { cutLengthInsideInk, glyphPathData, rawGlyphContours } from './cut-check.test-support';
import { decalOutline, FLATTEN_TOLERANCE_MM, thinFeaturesOf, unionOf, WEIGHT_COMPENSATION } from './decal-outline';
import type { DesignFonts } from './font-loader';
import { testFonts } from './fonts.test-support';
import { layoutDesign, type DesignLayout } from './layout';
import { placedLineOf } from './placed-lines';

let fonts: DesignFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

/** Script joins, an ampersand, accents and a ligature: every kind of overlap the fonts draw. */
const TEXTS = ['Always & Forever xo', 'Zoë & Ægir, fifi'];
const layoutOf = (font: string, text: string, fontSize = 24): DesignLayout => layoutDesign({ ...SAMPLE_DESIGN, device: 'Large Bottle', font, text, fontSize }, fonts);

/** Pixels painted (alpha ≥ 50 %) when resvg fills the path data with the rule, at 20 px/mm over the ink. */
function inkPixels(layout: DesignLayout, pathData: string, rule: 'nonzero' | 'evenodd'): Uint8Array {
  const ink = layout.ink!;
  const [x, y, w, h] = [ink.x - 1, ink.y - 1, ink.width + 2, ink.height + 2];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(w * 20)}" height="${Math.round(h * 20)}" viewBox="${x} ${y} ${w} ${h}"><path d="${pathData}" fill-rule="${rule}"/></svg>`;
  const rgba = new Resvg(svg).render().pixels;
  return Uint8Array.from({ length: rgba.length / 4 }, (_, i) => (rgba[i * 4 + 3]! >= 128 ? 1 : 0));
}

const differing = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, value, i) => sum + (value === b[i] ? 0 : 1), 0);
const inked = (a: Uint8Array) => a.reduce((sum, value) => sum + value, 0);

describe('decalOutline: the union of a decal’s glyphs', () => {
  it.each(FONTS)('%s: nonzero and even-odd fill give the same ink, the ink the glyphs draw (and the layout draws)', (font) => {
    for (const text of TEXTS) {
      const layout = layoutOf(font, text);
      const { pathData } = decalOutline(layout);
      expect(layout.pathData, text).toBe(WEIGHT_COMPENSATION[font] ? pathData : glyphPathData(layout));
      const nonzero = inkPixels(layout, pathData, 'nonzero');
      expect(differing(inkPixels(layout, pathData, 'evenodd'), nonzero), text).toBe(0);
      // The union of the glyphs against the glyphs themselves under nonzero fill: the same ink, but
      // for edge pixels the flattening (≤ 0.01 mm, a fifth of a pixel here) tips over.
      const union = inkPixels(layout, unionOf(rawGlyphContours(layout)).pathData, 'nonzero');
      expect(differing(inkPixels(layout, glyphPathData(layout), 'nonzero'), union) / inked(union), text).toBeLessThan(0.015);
    }
  }, 60_000);

  it('is needed: the script’s raw glyphs overlap, so even-odd fill leaves holes in them', () => {
    const layout = layoutOf('Pecita', TEXTS[0]!);
    const glyphs = glyphPathData(layout);
    const nonzero = inkPixels(layout, glyphs, 'nonzero');
    expect(differing(inkPixels(layout, glyphs, 'evenodd'), nonzero) / inked(nonzero)).toBeGreaterThan(0.01);
  });

  it('compensates Pecita’s weight: its cut covers all of the glyphs’ ink, reaching 0.1 mm past it, and the layout’s box is the cut’s', () => {
    const layout = layoutOf('Pecita', TEXTS[0]!);
    const cut = inkPixels(layout, decalOutline(layout).pathData, 'nonzero');
    const glyphs = inkPixels(layout, glyphPathData(layout), 'nonzero');
    expect(glyphs.reduce((uncovered, value, i) => uncovered + (value && !cut[i] ? 1 : 0), 0)).toBe(0);
    expect(decalOutline(layout).areaMm2).toBeGreaterThan(unionOf(rawGlyphContours(layout)).areaMm2 * 1.05);
    const xs = decalOutline(layout).contours.flatMap((c) => c.filter((_, i) => i % 2 === 0));
    const ys = decalOutline(layout).contours.flatMap((c) => c.filter((_, i) => i % 2 === 1));
    const ink = layout.ink!;
    // Within the flattening tolerance: the box is the glyphs' exact one grown, the cut a polyline.
    const edges = [Math.min(...xs) - ink.x, Math.max(...xs) - (ink.x + ink.width), Math.min(...ys) - ink.y, Math.max(...ys) - (ink.y + ink.height)];
    for (const edge of edges) expect(Math.abs(edge)).toBeLessThanOrEqual(FLATTEN_TOLERANCE_MM + 0.001);
    // Read as the decal is read (along the text × across it): the cut's own size.
    expect(layout.fit!.widthMm).toBeCloseTo(ink.height, 2);
    expect(layout.fit!.heightMm).toBeCloseTo(ink.width, 2);
  });

  it.each(FONTS)('%s: no cut runs through ink, where the raw glyph outlines run metres of it in a script', (font) => {
    for (const text of TEXTS) {
      const layout = layoutOf(font, text);
      expect(cutLengthInsideInk(decalOutline(layout).contours, rawGlyphContours(layout)), text).toBe(0);
    }
    if (font === 'Pecita') {
      const layout = layoutOf(font, TEXTS[0]!);
      expect(cutLengthInsideInk(rawGlyphContours(layout), rawGlyphContours(layout))).toBeGreaterThan(10);
    }
  });

  it('follows every curve within 0.01 mm: each point of a glyph’s curve is that close to the union', () => {
    const layout = layoutOf('Pecita', 'Bombshell', 96);
    const { line, toArea } = placedLineOf(layout)!;
    const cut = unionOf(rawGlyphContours(layout)).contours;
    const segments = cut.flatMap((c) => c.map((_, i) => i).filter((i) => i % 2 === 0).map((i) => [c[i]!, c[i + 1]!, c[(i + 2) % c.length]!, c[(i + 3) % c.length]!]));
    const distance = ([px, py]: number[]) =>
      Math.min(
        ...segments.map(([x0, y0, x1, y1]) => {
          const [dx, dy] = [x1! - x0!, y1! - y0!];
          const t = Math.max(0, Math.min(1, ((px! - x0!) * dx + (py! - y0!) * dy) / (dx * dx + dy * dy || 1)));
          return Math.hypot(px! - (x0! + t * dx), py! - (y0! + t * dy));
        }),
      );
    // Points on the outline of the first glyph (the B, no overlaps with its neighbours), in area mm.
    const { glyph, unitsPerEm, x, y } = line.glyphs[0]!;
    const toMm = (gx: number, gy: number) => {
      const [ex, ey] = [x + gx / unitsPerEm, y - gy / unitsPerEm];
      return [toArea.a * ex + toArea.c * ey + toArea.e, toArea.b * ex + toArea.d * ey + toArea.f];
    };
    let [cx, cy] = [0, 0];
    let worst = 0;
    for (const { command, args } of glyph.path.commands) {
      if (command === 'quadraticCurveTo') {
        for (let t = 0.1; t < 1; t += 0.1) {
          const u = 1 - t;
          worst = Math.max(worst, distance(toMm(u * u * cx + 2 * u * t * args[0]! + t * t * args[2]!, u * u * cy + 2 * u * t * args[1]! + t * t * args[3]!)));
        }
      }
      if (args.length) [cx, cy] = [args[args.length - 2]!, args[args.length - 1]!];
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(FLATTEN_TOLERANCE_MM + 0.001);
  });
});

describe('decalOutline drawn again', () => {
  it('gives a design laid out again the same outline, and one at another size or on another product its own', () => {
    const first = decalOutline(layoutOf('Pecita', 'Hello'));
    expect(decalOutline(layoutOf('Pecita', 'Hello'))).toEqual(first);
    const larger = decalOutline(layoutOf('Pecita', 'Hello', 32));
    expect(larger.areaMm2).toBeGreaterThan(first.areaMm2 * 1.5);
    const onGlass = decalOutline(layoutDesign({ ...SAMPLE_DESIGN, device: 'Standard Glass', font: 'Pecita', text: 'Hello', fontSize: 24 }, fonts));
    expect(onGlass.pathData).not.toBe(first.pathData);
    expect(decalOutline(layoutOf('Inter', 'Hello')).pathData).not.toBe(first.pathData);
  });
});

describe('thinFeaturesOf: what of the cut outline may tear', () => {
  it('measures the outline that is cut: Pecita’s hairlines at a 12 mm em are gone once its weight is compensated', () => {
    const small = layoutOf('Pecita', 'Bombshell', 24);
    expect(thinFeaturesOf(small, 0.5)).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
    // A minimum over what the compensation lifts the joins to still finds them.
    const strict = thinFeaturesOf(small, 0.8);
    expect(strict.thinnestStrokeMm).not.toBeNull();
    expect(strict.thinnestStrokeMm!).toBeLessThan(0.8);
    expect(thinFeaturesOf(layoutDesign({ ...SAMPLE_DESIGN, text: 'Bombshell', font: 'Pecita', fontSize: 48 }, fonts), 0.5)).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
  });

  it('does not count the sharp notches every M and every bowl meeting a stem has', () => {
    for (const font of ['Inter', 'Poppins']) {
      expect(thinFeaturesOf(layoutDesign({ ...SAMPLE_DESIGN, text: 'Mugged off', font, fontSize: 32 }, fonts), 0.5), font).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
    }
  });
});
