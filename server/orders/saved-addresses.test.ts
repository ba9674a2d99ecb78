import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const shipTo = (address: string, city: string, zipCode: string) => ({ address, city, state: 'TX', zipCode, country: 'United States' });

it("GET /api/orders/customer offers the customer's own shipping addresses, newest first, each once", async () => {
  const { token } = await createUserWithToken(t, 'customer');
  const other = await createUserWithToken(t, 'customer');
  const place = (userToken: string, shippingAddress: ReturnType<typeof shipTo>) =>
    t.request('POST', '/api/checkout', { token: userToken, body: { ...checkoutBody(), shippingAddress } });
  expect((await place(token, shipTo('1 Old Road', 'Austin', '73301'))).status).toBe(201);
  expect((await place(token, shipTo('2 New Road', 'Dallas', '75201'))).status).toBe(201);
  expect((await place(token, shipTo('1 old road', 'Austin', '73301'))).status).toBe(201);
  expect((await place(other.token, shipTo('9 Elsewhere', 'Houston', '77001'))).status).toBe(201);

  const answer = await t.request('GET', '/api/orders/customer', { token });
  expect(answer.status).toBe(200);
  expect(answer.body.savedAddresses.map((saved: { address: string }) => saved.address)).toEqual(['1 old road', '2 New Road']);
  expect(answer.body.savedAddresses[0]).toMatchObject({ firstName: 'Maya', lastName: 'Jama', phone: '(555) 123-4567', city: 'Austin', state: 'TX', zipCode: '73301' });
  // The order views themselves stay the customer view of spec.md §3.
  expect(answer.body.orders[0]).not.toHaveProperty('shippingAddress');
});
