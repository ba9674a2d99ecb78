import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from './catalog';
import { decalName, decalPlacementOf, decalSize, decalTitle, phoneBack, printAreaOf } from './decal';

describe('the decal a line is', () => {
  it('is named for its device with its print area in mm, the same way everywhere', () => {
    expect(decalTitle({ device: 'iPhone 14 Pro Max' })).toBe('Vinyl decal for iPhone 14 Pro Max · 68\u00a0×\u00a0140\u00a0mm');
    expect(decalTitle({ device: 'Standard Bottle' })).toBe('Vinyl decal for Standard Water Bottle · 70\u00a0×\u00a0180\u00a0mm');
    expect(decalTitle({ device: 'Large Bottle' })).toBe('Vinyl decal for Large Water Bottle · 80\u00a0×\u00a0220\u00a0mm');
    expect(decalTitle({ device: 'Standard Glass' })).toBe('Vinyl decal for Champagne Flute · 40\u00a0×\u00a0110\u00a0mm');
    // A stored variant the catalogue no longer has keeps its own name and its product's size.
    expect(decalName({ device: 'iPhone 12', productType: 'phone-case' })).toBe('Vinyl decal for iPhone 12');
    expect(decalSize({ device: 'Tall Bottle', productType: 'water-bottle' })).toBe('70\u00a0×\u00a0180\u00a0mm');
  });
});

describe('where the decal goes', () => {
  it('puts a phone decal on the middle of the back below the camera module', () => {
    for (const device of PRODUCT_TYPES[0]!.variants) {
      const back = phoneBack(device);
      const placement = decalPlacementOf({ device });
      expect(placement.productMm).toEqual({ width: back.widthMm, height: back.heightMm });
      expect(placement.centreMm.x).toBeCloseTo(back.widthMm / 2);
      // Halfway between the camera's lower edge and the bottom of the case.
      expect(placement.centreMm.y - back.cameraBottomMm).toBeCloseTo(back.heightMm - placement.centreMm.y);
      expect(placement.guide).toBe(`Centre ${Math.round(placement.centreMm.y - back.cameraBottomMm)} mm below the camera, on the middle of the case's back`);
    }
    expect(decalPlacementOf({ device: 'iPhone 14 Pro Max' }).guide).toBe("Centre 58 mm below the camera, on the middle of the case's back");
  });

  it('keeps a bottle or flute decal on the product, on its wall or bowl', () => {
    for (const device of ['Standard Bottle', 'Large Bottle', 'Standard Glass']) {
      const { productMm, centreMm } = decalPlacementOf({ device });
      const area = printAreaOf({ device });
      expect(centreMm.y - area.length / 2).toBeGreaterThanOrEqual(0);
      expect(centreMm.y + area.length / 2).toBeLessThanOrEqual(productMm.height);
      expect(area.width).toBeLessThanOrEqual(productMm.width);
    }
    expect(decalPlacementOf({ device: 'Large Bottle' }).guide).toBe('Centre 120 mm above the base, text running down the bottle');
    expect(decalPlacementOf({ device: 'Standard Glass' }).guide).toBe('Centre 75 mm below the rim, text running down the bowl');
  });
});
