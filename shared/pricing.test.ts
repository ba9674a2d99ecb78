import { describe, expect, it } from 'vitest';
import { computeTotals, normaliseDiscountCode, BENEFITS_BOX_FREE_SHIPPING_THRESHOLD_CENTS } from './pricing';
import { SPEC_DISCOUNTS } from './discount.test-support';
import { formatUsd, isWholeCents, toCents, toDollars } from './money';

const lines = (quantity: number) => [{ quantity }];

describe('money at the JSON edge', () => {
  it('converts dollars to cents without float noise and back', () => {
    expect(toCents(5.95)).toBe(595);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toDollars(1937)).toBe(19.37);
    expect(formatUsd(595)).toBe('$5.95');
    expect(isWholeCents(5.95)).toBe(true);
    expect(isWholeCents(5.955)).toBe(false);
  });

  it('prints cents as en-US dollars, as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 5, 99, 595, 123456, 100000000, -5, -500, -123456]) expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    expect([formatUsd(123456), formatUsd(-500)]).toEqual(['$1,234.56', '-$5.00']);
  });
});

describe('totals of spec.md §9', () => {
  it('charges 5.95 an item, free shipping from a $2 subtotal, 8.5 % tax rounded half-up', () => {
    expect(computeTotals(lines(1))).toEqual({ subtotal: 595, discount: 0, shipping: 0, tax: 51, total: 646, discountCode: null });
    // 3 × 5.95 = 17.85; 8.5 % = 1.51725 → 1.52
    expect(computeTotals(lines(3))).toMatchObject({ subtotal: 1785, tax: 152, total: 1937 });
  });

  it('rounds tax half-up at exactly half a cent', () => {
    // 20 × 5.95 = 119.00; 8.5 % = 10.115 → 10.12 (half-down or half-even would give 10.11)
    expect(computeTotals(lines(20)).tax).toBe(1012);
    // 60 × 5.95 = 357.00; 8.5 % = 30.345 → 30.35 (half-even would give 30.34)
    expect(computeTotals(lines(60)).tax).toBe(3035);
  });

  it('applies the $25 reading of the benefits box when configured', () => {
    const options = { freeShippingThresholdCents: BENEFITS_BOX_FREE_SHIPPING_THRESHOLD_CENTS };
    // 4 × 5.95 = 23.80 < 25: shipping 4.99, tax on 28.79 = 2.447 → 2.45
    expect(computeTotals(lines(4), options)).toMatchObject({ subtotal: 2380, shipping: 499, tax: 245, total: 3124 });
    expect(computeTotals(lines(5), options)).toMatchObject({ subtotal: 2975, shipping: 0 });
  });

  it('compares codes case-insensitively', () => {
    expect(normaliseDiscountCode(' save10 ')).toBe('SAVE10');
    expect(normaliseDiscountCode('Welcome5')).toBe('WELCOME5');
  });

  it('takes discounts off before shipping and tax', () => {
    // 2 × 5.95 = 11.90; 10 % = 1.19; 10.71 taxed: 0.91035 → 0.91
    expect(computeTotals(lines(2), { discount: SPEC_DISCOUNTS.SAVE10 })).toMatchObject({
      subtotal: 1190, discount: 119, shipping: 0, tax: 91, total: 1162, discountCode: 'SAVE10',
    });
    // WELCOME5 never takes more than the subtotal
    expect(computeTotals(lines(1), { discount: SPEC_DISCOUNTS.WELCOME5 })).toMatchObject({ discount: 500, total: 95 + 8 });
    const freeShip = computeTotals(lines(1), { discount: SPEC_DISCOUNTS.FREESHIP, freeShippingThresholdCents: 2500 });
    expect(freeShip).toMatchObject({ shipping: 0, discount: 0, discountCode: 'FREESHIP' });
    expect(computeTotals(lines(1), { discount: null }).discountCode).toBeNull();
  });
});
