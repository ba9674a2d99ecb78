import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * An order keeps the variant, colour and font it was placed with (design.md §9): once they are
 * retired, its line can still be fixed by the admin or the shopper; only a change to something
 * retired is refused.
 */
let t: TestApp;
let owner: string;
let admin: string;
let variantId: number;
beforeAll(async () => {
  t = await startTestApp();
  owner = (await createUserWithToken(t, 'super_admin')).token;
  admin = (await createUserWithToken(t, 'admin')).token;
  const catalog = (await t.request('GET', '/api/admin/catalog', { token: owner })).body;
  variantId = catalog.productTypes[0].variants.find((variant: { name: string }) => variant.name === 'iPhone 14 Pro').id;
}, 60_000);
afterAll(async () => {
  // The catalogue is the process's: what this file retired comes back for the files after it.
  await setActive(`variants/${variantId}`, true);
  await setActive('colors/Hot%20Pink', true);
  await setActive('colors/Teal', true);
  await t?.close();
});

async function setActive(what: string, active: boolean) {
  expect((await t.request('PATCH', `/api/admin/catalog/${what}`, { token: owner, body: { active } })).status).toBe(200);
}

async function placedOrder() {
  const placed = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') });
  expect(placed.status).toBe(201);
  return t.app.context.db.selectFrom('orders').selectAll().where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow();
}

it('fixes the text of a line whose variant and colour were retired, by the admin and by the shopper', async () => {
  const order = await placedOrder();
  await setActive(`variants/${variantId}`, false);
  await setActive('colors/Hot%20Pink', false);
  const refused = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') });
  expect(refused.body.error).toBe('Item 1: Device selection is required');

  const byAdmin = await t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { text: 'Bombshell!', baseVersion: order.version } });
  expect(byAdmin.status, byAdmin.text).toBe(200);
  expect(byAdmin.body.order.items[0]).toMatchObject({ device: 'iPhone 14 Pro', text: 'Bombshell!', color: 'Hot Pink' });

  const byShopper = await t.request('POST', '/api/orders/lookup/items/1', {
    body: { orderNumber: order.order_number, email: 'maya@example.com', text: 'Bombshell!!', baseVersion: byAdmin.body.order.version },
  });
  expect(byShopper.status, byShopper.text).toBe(200);
  const stored = await t.app.context.db.selectFrom('order_items').select(['device', 'text', 'color']).where('order_id', '=', order.id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ device: 'iPhone 14 Pro', text: 'Bombshell!!', color: 'Hot Pink' });
});

it('still refuses a change to a retired colour, and accepts one to a colour on offer', async () => {
  await setActive(`variants/${variantId}`, true);
  await setActive('colors/Hot%20Pink', true);
  const order = await placedOrder();
  await setActive(`variants/${variantId}`, false);
  await setActive('colors/Teal', false);
  const toRetired = await t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { color: 'Teal', baseVersion: order.version } });
  expect(toRetired.status).toBe(422);
  expect(toRetired.body.errors).toContainEqual({ path: 'color', message: 'Color selection is required' });
  const toOffered = await t.request('PATCH', `/api/orders/${order.id}/items/1`, { token: admin, body: { color: 'Blue', baseVersion: order.version } });
  expect(toOffered.status, toOffered.text).toBe(200);
  expect(toOffered.body.order.items[0]).toMatchObject({ device: 'iPhone 14 Pro', color: 'Blue' });
});
