import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT, PRODUCT_TYPES } from '../../../shared/catalog';
import { fontSizeRange } from '../../../shared/decal-size';
import { glyphPathData } from '../../../shared/render/cut-check.test-support';
import { testFonts } from '../../../shared/render/fonts.test-support';
import { layoutDesign } from '../../../shared/render/layout';
import { PLACEHOLDER_TEXT } from './draw-design';
import { placeholderOutline } from './placeholder-outline';

const commandsOf = (pathData: string) => pathData.replace(/[^A-Za-z]/g, '');
const numbersOf = (pathData: string) => (pathData.match(/-?\d*\.?\d+/g) ?? []).map(Number);

/** The default font at the size the designer starts it at. */
const placeholder = { font: DEFAULT_FONT, fontSize: fontSizeRange(DEFAULT_FONT).initial };

describe('the placeholder outline drawn before the renderer loads', () => {
  it('is what the shared renderer lays out on every product it serves (regenerate with `npx tsx tools/designer/placeholder-outline.ts`)', async () => {
    const fonts = await testFonts();
    let served = 0;
    for (const type of PRODUCT_TYPES) {
      for (const variant of type.variants) {
        const outline = placeholderOutline({ productType: type.id, variant, ...placeholder });
        if (!outline) continue;
        served++;
        const layout = layoutDesign({ productType: type.id, device: variant, text: PLACEHOLDER_TEXT, color: '', ...placeholder }, fonts);
        const { pathData, ...placed } = outline;
        // The font's glyphs: the placeholder is never cut, so it skips the default font's weight compensation.
        const glyphs = glyphPathData(layout);
        expect(placed, variant).toEqual({ productType: layout.productType, device: layout.device, area: layout.area });
        // Same commands in the same order; every coordinate within the table's rounding (0.05 mm).
        expect(commandsOf(pathData), variant).toEqual(commandsOf(glyphs));
        const drawn = numbersOf(pathData);
        const laidOut = numbersOf(glyphs);
        expect(drawn.length, variant).toBe(laidOut.length);
        expect(Math.max(...drawn.map((n, i) => Math.abs(n - laidOut[i]!))), variant).toBeLessThanOrEqual(0.05 + 1e-9);
      }
    }
    // The designer opens on the first phone model: that one at least never waits for the renderer.
    expect(placeholderOutline({ productType: 'phone-case', variant: PRODUCT_TYPES[0]!.variants[0]!, ...placeholder })).not.toBeNull();
    expect(served).toBeGreaterThan(0);
  });

  it('is not used for another font, size or print area', () => {
    const phone = { productType: 'phone-case' as const, variant: 'iPhone 14' };
    expect(placeholderOutline({ ...phone, ...placeholder, font: 'Inter' })).toBeNull();
    expect(placeholderOutline({ ...phone, ...placeholder, fontSize: 30 })).toBeNull();
    expect(placeholderOutline({ productType: 'water-bottle', variant: 'Large Bottle', ...placeholder })).toBeNull();
  });
});
