import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, countRows } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Declines are counted per address and per card (the payment method id); past CARD_DECLINE_LIMIT
 * the next attempt is 429 with Retry-After before any intent is made, while a good card after one
 * decline goes through. On PostgreSQL the counts are the shared `rate_limits` table's.
 */
const LIMIT = 5;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ CARD_DECLINE_LIMIT: String(LIMIT) });
});
afterAll(async () => {
  await t?.close();
});

const checkout = (paymentMethodId: string, headers: Record<string, string> = {}) => t.request('POST', '/api/checkout', { body: checkoutBody(paymentMethodId), headers });

it('lets an honest retry after one decline through, and refuses card testing with 429 and Retry-After', async () => {
  expect((await checkout('pm_card_visa_chargeDeclined')).status).toBe(402);
  expect((await checkout('pm_card_visa')).status).toBe(201);

  const statuses: number[] = [];
  for (let attempt = 0; attempt < 20; attempt++) statuses.push((await checkout('pm_card_visa_chargeDeclinedInsufficientFunds')).status);
  expect(statuses.slice(0, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(402));
  expect(statuses.slice(LIMIT - 1)).toEqual(Array(20 - (LIMIT - 1)).fill(429));

  const intents = await countRows(t, 'payment_intents');
  const refused = await checkout('pm_card_visa');
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await countRows(t, 'payment_intents')).toBe(intents);
});

it('counts one card tried from many addresses', async () => {
  const behindProxy = await startTestApp({ CARD_DECLINE_LIMIT: String(LIMIT), TRUST_PROXY: '1' });
  try {
    const statuses: number[] = [];
    for (let address = 1; address <= LIMIT + 3; address++) {
      const answer = await behindProxy.request('POST', '/api/checkout', { body: checkoutBody('pm_card_chargeDeclinedIncorrectCvc'), headers: { 'X-Forwarded-For': `198.51.100.${address}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(402), 429, 429, 429]);
  } finally {
    await behindProxy.close();
  }
});
