import { describe, expect, it } from 'vitest';
import { TEST_CARD_ERRORS, formatCardNumber, formatExpiry, testCardState } from './test-card';

const now = new Date('2026-11-21T12:00:00Z');

describe('test card field rules', () => {
  it('formats as the shopper types', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });

  it('is complete only with a known test number, a future expiry and a CVC', () => {
    expect(testCardState({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }, now)).toEqual({ complete: true, error: null });
    expect(testCardState({ number: '4242 4242 4242', expiry: '12 / 34', cvc: '123' }, now)).toEqual({ complete: false, error: null });
    expect(testCardState({ number: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '123' }, now).complete).toBe(false);
    expect(testCardState({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '12' }, now).complete).toBe(false);
  });

  it('reports its own errors', () => {
    expect(testCardState({ number: '4242424242424241', expiry: '', cvc: '' }, now).error).toBe(TEST_CARD_ERRORS.invalidNumber);
    expect(testCardState({ number: '4111111111111111', expiry: '', cvc: '' }, now).error).toBe(TEST_CARD_ERRORS.unknownTestCard);
    expect(testCardState({ number: '4242424242424242', expiry: '13 / 30', cvc: '' }, now).error).toBe(TEST_CARD_ERRORS.invalidExpiry);
    expect(testCardState({ number: '4242424242424242', expiry: '10 / 26', cvc: '' }, now).error).toBe(TEST_CARD_ERRORS.pastExpiry);
    expect(testCardState({ number: '4242424242424242', expiry: '11 / 26', cvc: '' }, now).error).toBeNull();
  });
});
