import { beforeAll, describe, expect, it } from 'vitest';
import { FONTS } from '../catalog';
import { fontSizeRange, SMALLEST_CLEAN_FONT_SIZE } from '../decal-size';
import { thinFeaturesOf } from './decal-outline';
import type { DesignFonts } from './font-loader';
import { testFonts } from './fonts.test-support';
import { layoutDesign } from './layout';

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

describe('the smallest letter size each font offers', () => {
  it.each(FONTS)('cuts phrases in %s with no stroke or counter under the minimum, and the next size down does not', (font) => {
    const smallest = SMALLEST_CLEAN_FONT_SIZE[font];
    expect(thinPhrases(font, smallest)).toEqual([]);
    expect(thinCharacters(font, smallest).length).toBeLessThanOrEqual(MARGINAL);
    const below = smallest - 2;
    expect(thinPhrases(font, below).length > 0 || thinCharacters(font, below).length > MARGINAL, `${font} at ${below}`).toBe(true);
  });
  it('starts the designer at a clean size: the spec’s 24 px, or the font’s smallest clean size above it', () => {
    expect(fontSizeRange('Inter').initial).toBe(24);
    expect(fontSizeRange('Pecita').initial).toBe(SMALLEST_CLEAN_FONT_SIZE.Pecita);
    for (const font of FONTS) expect(fontSizeRange(font).initial).toBeGreaterThanOrEqual(SMALLEST_CLEAN_FONT_SIZE[font]);
  });
});
