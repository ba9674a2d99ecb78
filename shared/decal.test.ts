import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from './catalog';
import { decalFitProblem, decalName, decalPlacementOf, decalTitle, phoneBack, printAreaOf, usableAreaSize } from './decal';

describe('the decal a line is', () => {
  it('is named for its device with its letter size, and its measured size where known, the same way everywhere', () => {
    expect(decalTitle({ device: 'iPhone 13', font: 'Pecita', fontSize: 24 })).toBe('Vinyl decal · iPhone 13 · Pecita, 12 mm letters');
    expect(decalTitle({ device: 'Standard Bottle', font: 'Inter', fontSize: 31 })).toBe('Vinyl decal · Standard Water Bottle · Inter, 15.5 mm letters');
    expect(decalTitle({ device: 'Standard Glass', font: 'Poppins', fontSize: 24 }, { widthMm: 54.2, heightMm: 11.6 })).toBe(
      'Vinyl decal · Champagne Flute · Poppins, 12 mm letters · 54\u00a0×\u00a012\u00a0mm',
    );
    // A stored variant the catalogue no longer has keeps its own name and its product's area.
    expect(decalName({ device: 'iPhone 12', productType: 'phone-case' })).toBe('Vinyl decal for iPhone 12');
    expect(usableAreaSize({ device: 'Tall Bottle', productType: 'water-bottle' })).toBe('180\u00a0×\u00a070\u00a0mm');
  });

  it('gives each phone the back below its camera module, less the edge margin', () => {
    // The free length below the camera: S22 90 mm, S23 100.3 mm, 14 Pro 104.5 mm, 14 Pro Max 116.7 mm; 4 mm kept clear at each end.
    expect(printAreaOf({ device: 'Samsung Galaxy S22' })).toEqual({ width: 62.6, length: 82 });
    expect(printAreaOf({ device: 'Samsung Galaxy S23' })).toEqual({ width: 62.9, length: 92.3 });
    expect(printAreaOf({ device: 'iPhone 14 Pro' })).toEqual({ width: 63.5, length: 96.5 });
    expect(printAreaOf({ device: 'iPhone 14 Pro Max' })).toEqual({ width: 69.6, length: 108.7 });
    for (const device of PRODUCT_TYPES[0]!.variants) {
      const back = phoneBack(device);
      const area = printAreaOf({ device });
      const { centreMm } = decalPlacementOf({ device });
      expect(centreMm.y - area.length / 2).toBeCloseTo(back.cameraBottomMm + 4);
      expect(centreMm.y + area.length / 2).toBeCloseTo(back.heightMm - 4);
    }
  });

  it('says why a decal does not fit, naming the limit and the way out', () => {
    const s22 = { device: 'Samsung Galaxy S22', font: 'Inter', fontSize: 24 };
    const long = { widthMm: 118.4, heightMm: 11, tooLong: true, tooTall: false };
    expect(decalFitProblem(s22, long, 12)).toBe("Too long for the Samsung Galaxy S22's back: 118 mm at 12 mm letters, where 82 mm fit. Shorten it or pick a smaller size.");
    expect(decalFitProblem({ ...s22, fontSize: 12 }, long, 12)).toMatch(/Shorten it or pick another font\.$/);
    expect(decalFitProblem({ device: 'Standard Glass', font: 'Inter', fontSize: 96 }, { widthMm: 30, heightMm: 52, tooLong: false, tooTall: true }, 12)).toBe(
      "Too tall for the Champagne Flute's bowl: 52 mm at 48 mm letters, where 40 mm fit. Pick a smaller size.",
    );
    expect(decalFitProblem(s22, { ...long, tooLong: false }, 12)).toBeNull();
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
