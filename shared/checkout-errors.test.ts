import { describe, expect, it } from 'vitest';
import { checkoutErrorMessage } from './checkout-errors';

describe('checkout error catalogue (spec.md §8)', () => {
  it.each([
    ['insufficient_funds', 'Insufficient funds. Please try a different card.'],
    ['expired_card', 'Your card has expired. Please use a different card.'],
    ['incorrect_cvc', 'Incorrect security code. Please check your CVC and try again.'],
    ['processing_error', 'Payment processing error. Please try again.'],
    ['generic_decline', 'Your card was declined. Please try a different payment method.'],
    ['lost_card', 'Your card was declined. Please try a different payment method.'],
  ])('card_declined with decline code %s', (declineCode, message) => {
    expect(checkoutErrorMessage({ status: 402, code: 'CARD_DECLINED', declineCode })).toBe(message);
    expect(checkoutErrorMessage({ status: 402, code: 'card_declined', declineCode })).toBe(message);
  });

  it('a decline without a decline code is the generic decline', () => {
    expect(checkoutErrorMessage({ status: 402, code: 'CARD_DECLINED' })).toBe('Your card was declined. Please try a different payment method.');
  });

  it('Stripe codes that name the reason map like decline codes', () => {
    expect(checkoutErrorMessage({ status: 402, code: 'expired_card' })).toBe('Your card has expired. Please use a different card.');
    expect(checkoutErrorMessage({ status: 402, code: 'incorrect_cvc' })).toBe('Incorrect security code. Please check your CVC and try again.');
  });

  it('authentication required and payment failed', () => {
    expect(checkoutErrorMessage({ status: 402, code: 'AUTH_REQUIRED' })).toBe(
      'Additional authentication required. Please complete the verification and try again.',
    );
    expect(checkoutErrorMessage({ status: 402, code: 'CARD_DECLINED', declineCode: 'authentication_required' })).toBe(
      'Additional authentication required. Please complete the verification and try again.',
    );
    expect(checkoutErrorMessage({ status: 402, code: 'PAYMENT_FAILED' })).toBe('Payment failed. Please check your card details and try again.');
  });

  it('non-success payment statuses', () => {
    expect(checkoutErrorMessage({ paymentStatus: 'requires_action' })).toBe('Payment requires additional authentication. Please try again.');
    expect(checkoutErrorMessage({ code: 'REQUIRES_ACTION', status: 402 })).toBe('Payment requires additional authentication. Please try again.');
    // Not a failure: the bank has not settled yet, and the order follows.
    expect(checkoutErrorMessage({ paymentStatus: 'processing' })).toMatch(/^Payment processing\./);
    expect(checkoutErrorMessage({ paymentStatus: 'canceled' })).toBe('Payment failed with status: canceled');
  });

  it('transport failures', () => {
    expect(checkoutErrorMessage({ transport: 'unreachable' })).toBe('Cannot connect to server. Please check if the backend is running.');
    expect(checkoutErrorMessage({ transport: 'timeout' })).toBe('Request timed out. Please try again.');
  });

  it("the server's details text wins over the tables", () => {
    expect(checkoutErrorMessage({ status: 422, code: 'TOTAL_MISMATCH', details: 'Totals changed.' })).toBe('Totals changed.');
    expect(checkoutErrorMessage({ status: 402, code: 'CARD_DECLINED', declineCode: 'expired_card', details: 'Special' })).toBe('Special');
    expect(checkoutErrorMessage({ status: 500, details: '   ' })).toBe('Server error. Please try again or contact support if this persists.');
  });

  it.each([
    [400, 'Invalid order data. Please check your information.'],
    [401, 'Authentication required. Please refresh the page and try again.'],
    [402, 'Payment required. Please check your payment details.'],
    [403, 'Access denied. Please contact support if this persists.'],
    [404, 'Service temporarily unavailable. Please try again.'],
    [409, 'Order conflict detected. Please try again.'],
    [422, 'Invalid order information. Please check your details.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again or contact support if this persists.'],
    [502, 'Service temporarily unavailable. Please try again in a few moments.'],
    [503, 'Service temporarily unavailable. Please try again in a few moments.'],
    [504, 'Service temporarily unavailable. Please try again in a few moments.'],
    [418, 'Unexpected error (418). Please try again or contact support.'],
    [507, 'Unexpected error (507). Please try again or contact support.'],
  ])('HTTP %i', (status, message) => {
    expect(checkoutErrorMessage({ status, code: `HTTP_${status}` })).toBe(message);
  });

  it('default when nothing is known', () => {
    expect(checkoutErrorMessage({})).toBe('Order processing failed. Please try again.');
  });

  it("names the discount code when the server refused it, not the order's details", () => {
    expect(checkoutErrorMessage({ status: 422, code: 'INVALID_DISCOUNT_CODE' })).toBe('Invalid discount code');
    expect(checkoutErrorMessage({ status: 422, code: 'VALIDATION_ERROR' })).toBe('Invalid order information. Please check your details.');
  });
});
