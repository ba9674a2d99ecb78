import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT_SIZE } from '../../../shared/catalog';
import { testFonts } from '../../../shared/render/fonts.test-support';
import { layoutDesign } from '../../../shared/render/layout';
import { GALLERY_DESIGNS } from './gallery-logic';
import { galleryOutline } from './gallery-outlines';

describe('the gallery outlines', () => {
  it('are what the shared renderer lays out for each sample (regenerate with `npx tsx tools/gallery/outlines.ts`)', async () => {
    const fonts = await testFonts();
    for (const design of GALLERY_DESIGNS) {
      const layout = layoutDesign({ device: design.device, text: design.text, color: design.color, font: design.font, fontSize: DEFAULT_FONT_SIZE }, fonts);
      expect(galleryOutline(design), design.id).toEqual({ productType: layout.productType, device: layout.device, area: layout.area, text: layout.text, font: layout.font, fill: layout.fill, pathData: layout.pathData });
    }
  });

  it('are not used for a design that differs from its sample', () => {
    const sample = GALLERY_DESIGNS[0]!;
    expect(galleryOutline({ ...sample, text: `${sample.text}!` })).toBeNull();
    expect(galleryOutline({ ...sample, device: 'iPhone 13' })).toBeNull();
    expect(galleryOutline({ ...sample, fontSize: 30 })).toBeNull();
    expect(galleryOutline({ device: sample.device, text: sample.text, font: sample.font })).toBeNull();
  });
});
