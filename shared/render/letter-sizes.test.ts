import { beforeAll, describe, expect, it } from 'vitest';
import { FONTS } from '../catalog';
import { fontSizeRange, SMALLEST_CLEAN_FONT_SIZE } from '../decal-size';
import { rawGlyphContours } from './cut-check.test-support';
import { thinFeaturesOf, unionOf, WEIGHT_COMPENSATION } from './decal-outline';
import type { DesignFonts } from './font-loader';
import { testFonts } from './fonts.test-support';
import { inkRuns } from './ink-mask';
import { layoutDesign, type DesignLayout } from './layout';
import { maskResolutionFor, thinFeaturesOfRuns } from './thin-features';

/** What a shopper types most: every letter, digit and the common punctuation, each alone. */
const CHARACTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?&@.,\'-'];
const MIN_FEATURE_MM = 0.5;
/** A field no text leaves, so nothing is shrunk while it is measured. */
const ROOMY = { width: 400, length: 2000 };

let fonts: DesignFonts;
beforeAll(async () => {
  fonts = await testFonts();
});

function thinCharacters(font: string, fontSize: number): string[] {
  return CHARACTERS.filter((text) => {
    const layout = layoutDesign({ device: 'Large Bottle', text, color: 'Pink', font, fontSize, printArea: ROOMY }, fonts);
    const found = thinFeaturesOf(layout, MIN_FEATURE_MM);
    return found.thinnestStrokeMm !== null || found.narrowestGapMm !== null;
  });
}

/** Phrases shoppers type: at a font's smallest size each cuts with nothing under the minimum. */
const PHRASES = ['Villa Love', 'Mugged Off', 'Your text here', 'My type on paper', 'Hi', 'Grafting 2026!'];
/** Lone characters that may keep a marginal tip or notch at the smallest size (flagged, not refused). */
const MARGINAL = 3;

function thinPhrases(font: string, fontSize: number): string[] {
  return PHRASES.filter((text) => {
    const found = thinFeaturesOf(layoutDesign({ device: 'Large Bottle', text, color: 'Pink', font, fontSize, printArea: ROOMY }, fonts), MIN_FEATURE_MM);
    return found.thinnestStrokeMm !== null || found.narrowestGapMm !== null;
  });
}

/** Thin parts of the glyphs' union alone, without the font's weight compensation. */
function bareThinFeatures(layout: DesignLayout) {
  const ink = layout.ink!;
  const pxPerMm = maskResolutionFor(MIN_FEATURE_MM);
  const box = { x: ink.x - 1, y: ink.y - 1, width: ink.width + 2, height: ink.height + 2 };
  const { runs, width } = inkRuns(unionOf(rawGlyphContours(layout)).contours, box, pxPerMm);
  return thinFeaturesOfRuns(runs, width, pxPerMm, MIN_FEATURE_MM);
}

const UNCOMPENSATED = FONTS.filter((font) => !WEIGHT_COMPENSATION[font]);

describe('the smallest letter size each font offers', () => {
  it.each(FONTS)('cuts phrases in %s with no stroke or counter under the minimum', (font) => {
    const smallest = SMALLEST_CLEAN_FONT_SIZE[font];
    expect(thinPhrases(font, smallest)).toEqual([]);
    expect(thinCharacters(font, smallest).length).toBeLessThanOrEqual(MARGINAL);
  });
  it.each(UNCOMPENSATED)('%s: the next size down does not', (font) => {
    const below = SMALLEST_CLEAN_FONT_SIZE[font] - 2;
    expect(thinPhrases(font, below).length > 0 || thinCharacters(font, below).length > MARGINAL, `${font} at ${below}`).toBe(true);
  });
  it('Pecita holds it through its weight compensation: its bare glyphs at that size have hairline joins', () => {
    const layout = layoutDesign({ device: 'Large Bottle', text: 'Always & Forev', color: 'Pink', font: 'Pecita', fontSize: SMALLEST_CLEAN_FONT_SIZE.Pecita, printArea: ROOMY }, fonts);
    expect(bareThinFeatures(layout).thinnestStrokeMm).toBeLessThan(MIN_FEATURE_MM);
    expect(thinFeaturesOf(layout, MIN_FEATURE_MM)).toEqual({ thinnestStrokeMm: null, narrowestGapMm: null });
  });
  it('starts the designer at a clean size: the spec’s 24 px, or the font’s smallest clean size above it', () => {
    expect(fontSizeRange('Inter').initial).toBe(24);
    expect(fontSizeRange('Pecita').initial).toBe(SMALLEST_CLEAN_FONT_SIZE.Pecita);
    for (const font of FONTS) expect(fontSizeRange(font).initial).toBeGreaterThanOrEqual(SMALLEST_CLEAN_FONT_SIZE[font]);
  });
});

/** The print-file bench's thinnest Pecita layouts (hairline joins; slits in d, q and loops), and the characters behind them. */
const WORST_PECITA = ['Always & Forev', 'Always & Forever xox', 'Head turned', 'Grafted', 'Bride to be', 'Happy Birthday Mom!!', 'q'];

describe('every letter size Pecita offers', () => {
  it('cuts the worst phrases with no stroke or gap under the minimum, at the size chosen (wherever the phrase fits, it is this outline)', () => {
    const { min, max } = fontSizeRange('Pecita');
    const thin: string[] = [];
    for (let fontSize = min; fontSize <= max; fontSize += 2) {
      for (const text of WORST_PECITA) {
        const layout = layoutDesign({ device: 'Large Bottle', text, color: 'Pink', font: 'Pecita', fontSize, printArea: ROOMY, atChosenSize: true }, fonts);
        const found = thinFeaturesOf(layout, MIN_FEATURE_MM);
        if (found.thinnestStrokeMm !== null || found.narrowestGapMm !== null) thin.push(`${text} at ${fontSize}: ${JSON.stringify(found)}`);
      }
    }
    expect(thin).toEqual([]);
  }, 180_000);
});
