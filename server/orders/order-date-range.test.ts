import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/** `GET /api/orders?dateTo=9999-12-31` and the CSV answer without a RangeError from shop-days.ts. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ SHOP_TIME_ZONE: 'America/New_York' });
  token = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
});

it.each([
  ['dateTo=9999-12-31', 'dateTo must be a date from 2000-01-01 to 2099-12-31.'],
  ['dateFrom=0001-01-01', 'dateFrom must be a date from 2000-01-01 to 2099-12-31.'],
  [`dateTo=${encodeURIComponent('9999-12-31T23:59:59Z')}`, 'dateTo must be a date from 2000-01-01 to 2099-12-31.'],
])('answers %s with 422 and a clear message, on the list and the CSV', async (query, message) => {
  for (const path of ['/api/orders', '/api/orders/export.csv']) {
    const answer = await t.request('GET', `${path}?${query}`, { token });
    expect(answer.status, `${path}: ${answer.text}`).toBe(422);
    expect(answer.body).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
  }
});

it('still takes the range’s first and last days', async () => {
  expect((await t.request('GET', '/api/orders?dateFrom=2000-01-01&dateTo=2099-12-31', { token })).status).toBe(200);
});
