import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../shared/api/types';
import { buildPrintFile } from '../../shared/print-file';
import { fileFontSource } from '../../shared/render/node-font-source';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from './order.test-support';
import type { OrderRow } from './order.table';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t?.close());

const order = (overrides: Parameters<typeof createTestOrder>[1] = {}) =>
  createTestOrder(t.app.context.db, { customer: { email: 'Maya@Example.com', firstName: 'Maya', lastName: 'Jama', phone: '555-123-4567' }, items: [{ text: 'Jonh' }, { text: 'Second' }], ...overrides });
const edit = (o: OrderRow, line: number | string, body: unknown, token = admin) => t.request('PATCH', `/api/orders/${o.id}/items/${line}`, { body, token });
const fix = (o: OrderRow, body: Record<string, unknown>, line = 1) =>
  t.request('POST', `/api/orders/lookup/items/${line}`, { body: { orderNumber: o.order_number, email: 'maya@example.com', ...body } });
const history = async (o: OrderRow) => (await t.request('GET', `/api/orders/${o.id}`, { token: admin })).body.order.history as { kind?: string; source: string; changedBy: { name: string } | null; lineEdit?: unknown }[];
const printFile = async (o: OrderRow) => (await t.request('GET', `/api/orders/${o.id}/print-file`, { token: admin })).text;

describe('PATCH /api/orders/:id/items/:line (admin)', () => {
  it("changes a line's text, colour and font, bumps the version and records who changed what", async () => {
    const o = await order();
    const response = await edit(o, 1, { text: 'John', color: 'teal', font: 'Poppins', baseVersion: 1 });
    expect(response.status).toBe(200);
    const view = response.body.order as AdminOrderView;
    expect(view.version).toBe(2);
    expect(view.items[0]).toMatchObject({ text: 'John', color: 'Teal', font: 'Poppins' });
    expect(view.items[1]!.text).toBe('Second');
    const entries = await history(o);
    expect(entries.at(-1)).toMatchObject({
      kind: 'line_edit',
      source: 'api',
      changedBy: { name: 'Ada Admin' },
      lineEdit: { line: 1, from: { text: 'Jonh', color: 'Hot Pink', font: 'Pecita' }, to: { text: 'John', color: 'Teal', font: 'Poppins' } },
    });
    const found = await t.request('GET', '/api/orders?search=john', { token: admin });
    expect(found.body.orders.map((row: AdminOrderView) => row.id)).toContain(o.id);
  });

  it('lets the tablets pull the edited line (a new change sequence)', async () => {
    const o = await order();
    await edit(o, 2, { text: 'Secund', baseVersion: 1 });
    const row = await t.app.context.db.selectFrom('orders').select('change_seq').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(Number(row.change_seq)).toBeGreaterThan(Number(o.change_seq));
  });

  it('refuses a design the designer would refuse, in its words, changing nothing', async () => {
    const o = await order();
    const cases: [unknown, string][] = [
      [{ text: '   ', baseVersion: 1 }, 'Custom text is required'],
      [{ text: 'x'.repeat(60), baseVersion: 1 }, 'Text exceeds 20 character limit'],
      [{ color: 'Neon Green', baseVersion: 1 }, 'Color selection is required'],
      [{ font: 'Comic Sans', baseVersion: 1 }, 'Font selection is required'],
    ];
    for (const [body, message] of cases) {
      const response = await edit(o, 1, body);
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(message);
    }
    expect((await edit(o, 1, { text: 'Jonh', baseVersion: 1 })).body.code).toBe('NO_CHANGE');
    expect((await edit(o, 3, { text: 'Three', baseVersion: 1 })).status).toBe(404);
    expect((await edit(o, 'x', { text: 'Three', baseVersion: 1 })).status).toBe(400);
    const row = await t.app.context.db.selectFrom('orders').select('version').where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
  });

  it("refuses a text that does not fit the line's usable area, naming the limit, changing nothing", async () => {
    const o = await order({ items: [{ device: 'Samsung Galaxy S22', font: 'Inter', fontSize: 24, text: 'Happy Mom' }] });
    const response = await edit(o, 1, { text: 'Happy Birthday Mom!!', baseVersion: 1 });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('DECAL_DOES_NOT_FIT');
    expect(response.body.error).toMatch(/^Too long for the Samsung Galaxy S22's back: \d+ mm at 12 mm letters, where 82 mm fit\. Shorten it or pick a smaller size\.$/);
    expect(response.body.errors).toEqual([{ path: 'text', message: response.body.error }]);
    expect(response.body.limits).toEqual([{ line: 1, device: 'Samsung Galaxy S22', lengthMm: 82, widthMm: 62.6 }]);
    // A font with wider letters runs past it too; a shorter text is taken.
    expect((await edit(o, 1, { text: 'Happy Birthday Mo', font: 'Poppins', baseVersion: 1 })).body.code).toBe('DECAL_DOES_NOT_FIT');
    expect((await t.request('GET', `/api/orders/${o.id}`, { token: admin })).body.order).toMatchObject({ version: 1, items: [{ text: 'Happy Mom' }] });
    expect((await edit(o, 1, { text: 'Hi Mom', baseVersion: 1 })).status).toBe(200);
  });

  it('judges the fit against the area the line was placed with', async () => {
    const o = await order({ items: [{ device: 'iPhone 14 Pro Max', font: 'Inter', fontSize: 24, text: 'Hi', printArea: { width: 60, length: 40 } }] });
    const response = await edit(o, 1, { text: 'Hello Maya', baseVersion: 1 });
    expect(response.status).toBe(422);
    expect(response.body.limits).toEqual([{ line: 1, device: 'iPhone 14 Pro Max', lengthMm: 40, widthMm: 60 }]);
  });

  it('keeps the letter size a line was ordered at, but a new font must be offered at it', async () => {
    // Ordered at Pecita's old default 12 mm, under the smallest size Pecita is now offered in.
    const o = await order({ items: [{ font: 'Pecita', fontSize: 24, text: 'Jonh' }, { font: 'Inter', fontSize: 14, text: 'Hi' }] });
    const fixed = await edit(o, 1, { text: 'John', baseVersion: 1 });
    expect(fixed.status).toBe(200);
    expect(fixed.body.order.items[0]).toMatchObject({ text: 'John', font: 'Pecita', fontSize: 24 });
    const moved = await edit(o, 2, { font: 'Pecita', baseVersion: 2 });
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject({
      code: 'LETTER_SIZE_NOT_OFFERED',
      error: 'Letters too small for Pecita: 7 mm, where Pecita is cut from 24 to 48 mm. Pick a size in that range.',
      limits: [{ line: 2, font: 'Pecita', fontSize: 14, minFontSize: 48, maxFontSize: 96, minLetterMm: 24, maxLetterMm: 48 }],
    });
  });

  it('refuses with 409 once the order is printed, shipped or cancelled', async () => {
    for (const status of ['printed', 'shipped', 'cancelled'] as const) {
      const o = await order({ status });
      const response = await edit(o, 1, { text: 'John', baseVersion: 1 });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'ORDER_NOT_EDITABLE', error: 'This order can no longer be changed: it has been printed, shipped or cancelled.' });
    }
  });

  it('refuses an edit from a stale view with 409, and answers a retried edit once', async () => {
    const o = await order();
    expect((await edit(o, 1, { text: 'John', baseVersion: 1 })).status).toBe(200);
    const retried = await edit(o, 1, { text: 'John', baseVersion: 1 });
    expect(retried.status).toBe(200);
    expect(retried.body.order.version).toBe(2);
    const stale = await edit(o, 1, { text: 'Johnny', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    expect((await history(o)).filter((entry) => entry.kind === 'line_edit')).toHaveLength(1);
  });

  it('is for staff only', async () => {
    const o = await order();
    expect((await t.request('PATCH', `/api/orders/${o.id}/items/1`, { body: { text: 'John', baseVersion: 1 } })).status).toBe(401);
    const customer = await createUserWithToken(t, 'customer');
    expect((await edit(o, 1, { text: 'John', baseVersion: 1 }, customer.token)).status).toBe(403);
  });

  it('is followed by the print file', async () => {
    const o = await order();
    const before = await printFile(o);
    await edit(o, 1, { text: 'John', color: 'Teal', baseVersion: 1 });
    const after = await printFile(o);
    expect(after).not.toBe(before);
    const view = (await t.request('GET', `/api/orders/${o.id}`, { token: admin })).body.order as AdminOrderView;
    expect(after).toBe(await buildPrintFile({ orderNumber: o.order_number, items: view.items }, fileFontSource));
  });
});

describe('POST /api/orders/lookup/items/:line (the shopper)', () => {
  it("fixes the shopper's own text, recorded as by the customer, and the next print file has it", async () => {
    const o = await order();
    const before = await printFile(o);
    const response = await fix(o, { text: 'John', baseVersion: 1 });
    expect(response.status).toBe(200);
    expect(response.body.order).toMatchObject({ orderNumber: o.order_number, version: 2 });
    expect(response.body.order.items[0].text).toBe('John');
    expect((await history(o)).at(-1)).toMatchObject({ kind: 'line_edit', source: 'customer', lineEdit: { to: { text: 'John' } } });
    const after = await printFile(o);
    expect(after).not.toBe(before);
    const expected = await buildPrintFile({ orderNumber: o.order_number, items: [{ ...response.body.order.items[0] }, response.body.order.items[1]] }, fileFontSource);
    expect(after).toBe(expected);
  });

  it('answers a wrong e-mail exactly like the lookup does, changing nothing', async () => {
    const o = await order();
    const response = await fix(o, { text: 'John', baseVersion: 1, email: 'someone@example.com' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Order not found', code: 'NOT_FOUND' });
  });

  it("refuses the shopper's text that does not fit, in the designer's words", async () => {
    const o = await order({ items: [{ device: 'Samsung Galaxy S22', font: 'Inter', fontSize: 24, text: 'Happy Mom' }] });
    const response = await fix(o, { text: 'Happy Birthday Mom!!', baseVersion: 1 });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'DECAL_DOES_NOT_FIT', limits: [{ line: 1, device: 'Samsung Galaxy S22', lengthMm: 82 }] });
    expect(response.body.error).toMatch(/^Too long for the Samsung Galaxy S22's back/);
  });

  it('changes only the text (no colour from a shopper) and refuses a printed order or bad text', async () => {
    const o = await order();
    expect((await fix(o, { text: 'John', color: 'Teal', baseVersion: 1 })).status).toBe(422);
    expect((await fix(o, { text: '', baseVersion: 1 })).body.error).toBe('Custom text is required');
    const printed = await order({ status: 'printed' });
    const refused = await fix(printed, { text: 'John', baseVersion: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORDER_NOT_EDITABLE');
  });
});

describe('internal notes', () => {
  it('are added and listed by staff with author and time, and never reach a customer answer', async () => {
    const owner = await createUserWithToken(t, 'customer');
    const o = await order({ userId: owner.user.id });
    const secret = 'Refund approved by Sam: customer was rude';
    const added = await t.request('POST', `/api/orders/${o.id}/notes`, { body: { body: secret }, token: admin });
    expect(added.status).toBe(201);
    expect(added.body.note).toMatchObject({ body: secret, author: 'Ada Admin', at: expect.any(String) });
    const listed = await t.request('GET', `/api/orders/${o.id}/notes`, { token: admin });
    expect(listed.body.notes).toEqual([added.body.note]);

    expect((await t.request('GET', `/api/orders/${o.id}/notes`, { token: owner.token })).status).toBe(403);
    expect((await t.request('POST', `/api/orders/${o.id}/notes`, { body: { body: 'x' }, token: owner.token })).status).toBe(403);
    const customerAnswers = [
      await t.request('GET', `/api/orders/${o.id}`, { token: owner.token }),
      await t.request('GET', '/api/orders/customer', { token: owner.token }),
      await t.request('POST', '/api/orders/lookup', { body: { orderNumber: o.order_number, email: 'maya@example.com' } }),
      await fix(o, { text: 'John', baseVersion: 1 }),
    ];
    for (const answer of customerAnswers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('Refund approved by Sam');
    }
  });

  it('refuses an empty note and an unknown order', async () => {
    const o = await order();
    const empty = await t.request('POST', `/api/orders/${o.id}/notes`, { body: { body: '  ' }, token: admin });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toBe('Write a note first.');
    expect((await t.request('GET', '/api/orders/00000000-0000-0000-0000-000000000000/notes', { token: admin })).status).toBe(404);
  });
});
