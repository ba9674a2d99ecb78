import { describe, expect, it } from 'vitest';
import { MARKETING_PHONE_MODELS, PRODUCT_TYPES } from '../../../shared/catalog';
import { phoneSpec } from './mockup-geometry';

describe('the phone mockups', () => {
  it('draw every Pro model with the three-lens camera and the others with two', () => {
    const phones = new Set([...PRODUCT_TYPES[0]!.variants, ...MARKETING_PHONE_MODELS]);
    for (const phone of phones) {
      if (phone.startsWith('Samsung')) continue;
      expect(phoneSpec(phone).camera, phone).toBe(/ Pro\b/.test(phone) ? 'pro' : 'dual');
    }
    expect(phoneSpec('iPhone 15 Pro Max').camera).toBe('pro');
    expect(phoneSpec('iPhone 16 Pro').camera).toBe('pro');
    expect(phoneSpec('iPhone 17 Pro').camera).toBe('pro');
    expect(phoneSpec('iPhone 17').camera).toBe('dual');
  });
});
