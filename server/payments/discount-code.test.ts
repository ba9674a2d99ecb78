import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDollars } from '../../shared/money';
import { computeTotals } from '../../shared/pricing';
import { SPEC_DISCOUNTS } from '../../shared/discount.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { checkoutBody, countRows } from './payment.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('discount codes at the server', () => {
  it('refuses an unknown code with 422 and charges nothing', async () => {
    const before = [await countRows(t, 'orders'), await countRows(t, 'test_gateway_intents')];
    const response = await t.request('POST', '/api/checkout', { body: { ...checkoutBody(), discountCode: 'NOTACODE' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: 'Invalid discount code' });
    expect([await countRows(t, 'orders'), await countRows(t, 'test_gateway_intents')]).toEqual(before);
  });

  it('refuses an unknown code when creating an intent', async () => {
    const { paymentMethodId: _pm, ...cart } = checkoutBody();
    const response = await t.request('POST', '/api/payments/create-intent', { body: { ...cart, discountCode: 'FREE100' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: 'Invalid discount code' });
  });

  it('prices a known code, in any case', async () => {
    const totals = computeTotals([{ quantity: 2 }], { discount: SPEC_DISCOUNTS.SAVE10 });
    const body = { ...checkoutBody('pm_card_visa', [2]), discountCode: 'save10', subtotal: toDollars(totals.subtotal), shipping: toDollars(totals.shipping), tax: toDollars(totals.tax), total: toDollars(totals.total) };
    const response = await t.request('POST', '/api/checkout', { body });
    expect(response.status).toBe(201);
    expect(response.body.order.total).toBe(toDollars(totals.total));
  });
});
