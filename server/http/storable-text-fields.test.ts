import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * The storable-text rule (shared/schemas/storable-text.ts) on every free-text field outside the
 * checkout: a NUL, a lone surrogate or a control character is refused with 422 naming the field,
 * and nothing is written, on SQLite (which would store it) as on PostgreSQL (which would fail).
 */
let t: TestApp;
let owner: string;
let orderId: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = (await createUserWithToken(t, 'super_admin')).token;
  const placed = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') });
  orderId = (await t.app.context.db.selectFrom('orders').select('id').where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => t?.close());

const HOSTILE = { NUL: 'An\u0000na', 'lone surrogate': 'An\uD800na', 'escape character': 'An\u001Bna' };

type Case = [field: string, label: string, send: (value: string) => Promise<{ status: number; body: any }>, count: () => Promise<number>];
const count = (table: 'users' | 'order_notes' | 'catalog_variants' | 'catalog_colors' | 'error_reports' | 'analytics_events') => async () =>
  Number((await t.app.context.db.selectFrom(table).select(t.app.context.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const CASES: Case[] = [
  ['firstName', 'First name', (value) => t.request('POST', '/api/auth/register', { body: { email: `r${Math.random()}@example.com`, password: 'a long enough password', firstName: value, lastName: 'Smith' } }), count('users')],
  ['lastName', 'Last name', (value) => t.request('POST', '/api/auth/register', { body: { email: `r${Math.random()}@example.com`, password: 'a long enough password', firstName: 'Ann', lastName: value } }), count('users')],
  ['firstName', 'First name', (value) => t.request('POST', '/api/auth/invite/accept', { body: { token: 'any-token', firstName: value, lastName: 'Staff', password: 'a long enough password' } }), count('users')],
  ['body', 'Note', (value) => t.request('POST', `/api/orders/${orderId}/notes`, { token: owner, body: { body: `Call ${value}` } }), count('order_notes')],
  ['name', 'Variant name', (value) => t.request('POST', '/api/admin/catalog/variants', { token: owner, body: { productType: 'phone-case', name: `Phone ${value}`, printArea: { widthMm: 60, lengthMm: 120 } } }), count('catalog_variants')],
  ['name', 'Colour name', (value) => t.request('POST', '/api/admin/catalog/colors', { token: owner, body: { name: `Mint ${value}`, hex: '#33CC99' } }), count('catalog_colors')],
  ['message', 'Error message', (value) => t.request('POST', '/api/errors', { body: { message: `Crash ${value}` } }), count('error_reports')],
  ['stack', 'Stack', (value) => t.request('POST', '/api/errors', { body: { message: 'Crash', stack: `at ${value}` } }), count('error_reports')],
  ['visitorId', 'Visitor ID', (value) => t.request('POST', '/api/analytics/events', { body: { type: 'visit', visitorId: `v-${value}` } }), count('analytics_events')],
];

describe.each(Object.entries(HOSTILE))('a %s', (_name, value) => {
  it.each(CASES)('in %s (%s): 422 naming the field, nothing written', async (path, label, send, rows) => {
    const before = await rows();
    const answer = await send(value);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toContainEqual({ path, message: `${label} contains characters that cannot be used (control, hidden or broken characters)` });
    expect(await rows()).toBe(before);
  });
});

it('keeps line breaks in notes and stacks, and accents and emoji in names', async () => {
  expect((await t.request('POST', `/api/orders/${orderId}/notes`, { token: owner, body: { body: 'Call first\nthen ship' } })).status).toBe(201);
  expect((await t.request('POST', '/api/errors', { body: { message: 'Crash', stack: 'Error: x\n\tat f (a.js:1:2)' } })).status).toBe(202);
  expect((await t.request('POST', '/api/auth/register', { body: { email: 'zoe@example.com', password: 'a long enough password', firstName: 'Zoë 💖', lastName: 'Ünal' } })).status).toBe(201);
});
