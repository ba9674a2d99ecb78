import { describe, expect, it } from 'vitest';
import { faqEntries } from '../routes/faq/faq-data';
import { freeShippingBadge, freeShippingCopy } from './shop-config';

describe('shipping copy follows the configured threshold (spec.md §9, both readings)', () => {
  it('says every order ships free at the default $2 threshold', () => {
    expect(freeShippingBadge(200)).toBe('FREE Shipping');
    expect(freeShippingCopy(200)).toBe('Free shipping on every order');
    expect(faqEntries(200)[0]!.answer).toMatch(/^Every order ships free, dispatched within 2-3 business days/);
  });

  it('names the threshold when it is above one item, e.g. FREE_SHIPPING_THRESHOLD=25', () => {
    expect(freeShippingBadge(2500)).toBe('FREE Shipping over $25');
    expect(freeShippingCopy(2500)).toBe('Free shipping on orders over $25');
    expect(freeShippingCopy(2499)).toBe('Free shipping on orders over $24.99');
    const [shipping, , , cost] = faqEntries(2500);
    expect(shipping!.answer).toContain('Free shipping on orders over $25; smaller orders ship for $4.99');
    expect(cost!.answer).toContain('free shipping on orders over $25');
    expect(faqEntries(2500).map((entry) => entry.answer).join(' ')).not.toContain('Every order ships free');
  });
});
