import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function guestOrder(email: string): Promise<string> {
  const body = checkoutBody();
  const paid = await t.request('POST', '/api/checkout', { body: { ...body, customerInfo: { ...body.customerInfo, email } } });
  expect(paid.status).toBe(201);
  return paid.body.order.orderNumber;
}

const account = (email: string, orderNumber?: string) => ({ email, password: 'sunset-villa-42', firstName: 'Maya', lastName: 'Jama', ...(orderNumber ? { orderNumber } : {}) });

async function ordersOf(token: string): Promise<string[]> {
  const answer = await t.request('GET', apiPath('customerOrders'), { token });
  expect(answer.status).toBe(200);
  return answer.body.orders.map((order: { orderNumber: string }) => order.orderNumber);
}

describe('registering from an order confirmation ("Create an account to see this order later")', () => {
  it('keeps the guest order in the new account when it was placed with the same e-mail, in any case', async () => {
    const orderNumber = await guestOrder('Maya.Claims@example.com');
    const made = await t.request('POST', apiPath('register'), { body: account('maya.claims@example.com', orderNumber.toLowerCase()) });
    expect(made.status).toBe(201);
    expect(await ordersOf(made.body.token)).toEqual([orderNumber]);
  });

  it('leaves an order placed with another e-mail alone, and its owner can still claim it', async () => {
    const someoneElses = await guestOrder('someone@example.com');
    const stranger = await t.request('POST', apiPath('register'), { body: account('stranger@example.com', someoneElses) });
    expect(stranger.status).toBe(201);
    expect(await ordersOf(stranger.body.token)).toEqual([]);

    const owner = await t.request('POST', apiPath('register'), { body: account('someone@example.com', someoneElses) });
    expect(await ordersOf(owner.body.token)).toEqual([someoneElses]);
    const row = await t.app.context.db.selectFrom('orders').select('user_id').where('order_number', '=', someoneElses).executeTakeFirstOrThrow();
    expect(row.user_id).not.toBeNull();
  });
});
