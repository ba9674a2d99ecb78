import { afterEach, expect, it } from 'vitest';
import { ApiError } from './client';
import { isDefiniteOutcome, moneyActionKey, settleMoneyAction } from './money-action-key';

afterEach(() => sessionStorage.clear());

it('keeps one refund\'s key through timeouts, lost connections and 5xx, until a definite answer', () => {
  const first = moneyActionKey('refund:pi_1:5.00');
  for (const error of [new ApiError('Request timed out. Please try again.', 0, 'TIMEOUT'), new ApiError('Network error.', 0, 'NETWORK_ERROR'), new ApiError('Bad gateway', 502, 'HTTP_502')]) {
    expect(isDefiniteOutcome(error)).toBe(false);
    expect(moneyActionKey('refund:pi_1:5.00')).toBe(first);
  }
  expect(moneyActionKey('refund:pi_1:3.00')).not.toBe(first);
  expect(isDefiniteOutcome(new ApiError('Refund amount exceeds', 422, 'REFUND_EXCEEDS_PAYMENT'))).toBe(true);
  settleMoneyAction('refund:pi_1:5.00');
  expect(moneyActionKey('refund:pi_1:5.00')).not.toBe(first);
});

it('keeps the key in the tab\'s session, so a reload retries under it', () => {
  const key = moneyActionKey('refund:pi_2:rest');
  expect(JSON.parse(sessionStorage.getItem('money-action-keys')!)).toMatchObject({ 'refund:pi_2:rest': key });
});
