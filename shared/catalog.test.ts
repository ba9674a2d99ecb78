import { describe, expect, it } from 'vitest';
import { productLineLabel } from './catalog';

describe('productLineLabel', () => {
  it('names a phone case with its model and case type in words, not the stored code', () => {
    expect(productLineLabel({ device: 'iPhone 14 Pro', caseType: 'CLASSIC' })).toBe('Phone Case · iPhone 14 Pro, classic case');
  });

  it('names drinkware by product and size only, with no case type', () => {
    expect(productLineLabel({ device: 'Large Bottle', caseType: 'CLASSIC' })).toBe('Water Bottle · Large Bottle');
    expect(productLineLabel({ device: 'Standard Glass', caseType: 'CLASSIC' })).toBe('Champagne Flute · Standard Glass');
  });
});
