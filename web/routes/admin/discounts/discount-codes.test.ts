import { describe, expect, it } from 'vitest';
import type { DiscountCodeView } from '../../../../shared/api/answers';
import { describeDiscount, describeUses, discountState, EMPTY_DISCOUNT_FORM, readDiscountForm } from './discount-codes';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const code = (overrides: Partial<DiscountCodeView>): DiscountCodeView => ({
  code: 'WEEKEND', type: 'percentage', value: 20, active: true, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, uses: 0, createdAt: '2026-11-01T00:00:00Z', ...overrides,
});

describe('the create form', () => {
  it('sends what the API takes: dollars for a fixed code, null for empty limits and dates, 0 for free shipping', () => {
    expect(readDiscountForm({ ...EMPTY_DISCOUNT_FORM, code: 'take5', type: 'fixed', value: '5.50', maxUses: '100' })).toEqual({
      input: { code: 'take5', type: 'fixed', value: 5.5, maxUses: 100, maxUsesPerCustomer: null, startsAt: null, endsAt: null },
      errors: null,
    });
    expect(readDiscountForm({ ...EMPTY_DISCOUNT_FORM, code: 'SHIPIT', type: 'shipping', value: 'ignored' }).input).toMatchObject({ value: 0 });
  });

  it('gives each wrong field the message of the API\'s schema', () => {
    const { errors } = readDiscountForm({ ...EMPTY_DISCOUNT_FORM, code: 'no spaces', value: '', maxUsesPerCustomer: '1.5' });
    expect(errors).toEqual({
      code: 'Code may use only letters, digits, - and _',
      value: 'Value must be a number',
      maxUsesPerCustomer: 'Limits must be whole numbers of at least 1',
    });
    const backwards = readDiscountForm({ ...EMPTY_DISCOUNT_FORM, code: 'LATE', value: '10', startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' });
    expect(backwards.errors).toEqual({ endsAt: 'The end must be after the start' });
  });
});

describe('how the list describes a code', () => {
  it('says what a shopper would find now', () => {
    expect(discountState(code({}), NOW)).toBe('Active');
    expect(discountState(code({ active: false }), NOW)).toBe('Inactive');
    expect(discountState(code({ startsAt: '2026-12-01T00:00:00Z' }), NOW)).toBe('Scheduled');
    expect(discountState(code({ endsAt: '2026-11-28T12:00:00Z' }), NOW)).toBe('Ended');
    expect(discountState(code({ maxUses: 3, uses: 3 }), NOW)).toBe('Used up');
  });

  it('words the discount and the uses', () => {
    expect(describeDiscount(code({}))).toBe('20 % off');
    expect(describeDiscount(code({ type: 'fixed', value: 5 }))).toBe('$5.00 off');
    expect(describeDiscount(code({ type: 'shipping', value: 0 }))).toBe('Free shipping');
    expect(describeUses(code({ uses: 2 }))).toBe('2 used');
    expect(describeUses(code({ uses: 2, maxUses: 10 }))).toBe('2 of 10 used');
  });
});
