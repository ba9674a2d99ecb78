import { afterEach, expect, it } from 'vitest';
import { cartPayload, checkoutBody, countRows } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Card testing against the one decline rule: declines from every charging route count together,
 * a reservation is taken before the gateway is asked, so concurrent attempts from one address never
 * get more than the limit to the gateway, and a decline thrown by POST /api/payments/confirm counts.
 */
const LIMIT = 5;
const DECLINING_CARDS = [
  'pm_card_visa_chargeDeclined',
  'pm_card_visa_chargeDeclinedInsufficientFunds',
  'pm_card_visa_chargeDeclinedLostCard',
  'pm_card_visa_chargeDeclinedStolenCard',
  'pm_card_chargeDeclinedExpiredCard',
  'pm_card_chargeDeclinedIncorrectCvc',
  'pm_card_chargeDeclinedProcessingError',
];

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it('lets at most the limit of 60 concurrent declined checkouts from one address reach the gateway', async () => {
  t = await startTestApp({ CARD_DECLINE_LIMIT: String(LIMIT) });
  const app = t;
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, attempt) => app.request('POST', '/api/checkout', { body: checkoutBody(DECLINING_CARDS[attempt % DECLINING_CARDS.length]) })),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 402).length).toBeLessThanOrEqual(LIMIT);
  expect(statuses).toContain(402);
  expect(statuses.filter((status) => status !== 402 && status !== 429)).toEqual([]);
  expect(await countRows(app, 'test_gateway_intents')).toBeLessThanOrEqual(LIMIT);
  // The limit holds afterwards: a good card from the same address is refused before any charge.
  expect((await app.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(429);
});

it('refuses card testing through create-intent and confirm with 429, counting the thrown declines', async () => {
  t = await startTestApp({ CARD_DECLINE_LIMIT: String(LIMIT) });
  const app = t;
  const { totalCents: _cents, ...cart } = cartPayload();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < LIMIT + 5; attempt++) {
    const intent = await app.request('POST', '/api/payments/create-intent', { body: cart });
    expect(intent.status).toBe(200);
    const paymentMethodId = DECLINING_CARDS[attempt % DECLINING_CARDS.length];
    statuses.push((await app.request('POST', '/api/payments/confirm', { body: { paymentIntentId: intent.body.id, paymentMethodId } })).status);
  }
  expect(statuses).toEqual([...Array(LIMIT).fill(402), ...Array(5).fill(429)]);
  // And the checkout route shares the count: one rule for every route that charges.
  expect((await app.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(429);
});

it('gives back the reservation of a payment that went through', async () => {
  t = await startTestApp({ CARD_DECLINE_LIMIT: '2' });
  for (let attempt = 0; attempt < 6; attempt++) expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(201);
  expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa_chargeDeclined') })).status).toBe(402);
  expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(201);
});

it('limits the payment intents one address may open', async () => {
  t = await startTestApp({ PAYMENT_INTENT_LIMIT: '3' });
  const { totalCents: _cents, ...cart } = cartPayload();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) statuses.push((await t.request('POST', '/api/payments/create-intent', { body: cart })).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  expect(await countRows(t, 'payment_intents')).toBe(3);
});
