import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDERS_CSV_HEADER } from '../../shared/orders-csv';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { ordersCsvStream } from './order-export';
import { createTestOrder } from './order.test-support';
import type { OrderRow } from './order.table';

let t: TestApp;
let admin: string;
let plain: OrderRow;
let tricky: OrderRow;
let formula: OrderRow;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
  const db = t.app.context.db;
  plain = await createTestOrder(db, { createdAt: Date.parse('2026-10-01T08:00:00Z'), status: 'processing' });
  tricky = await createTestOrder(db, {
    createdAt: Date.parse('2026-10-02T08:00:00Z'),
    status: 'shipped',
    customer: { email: 'gem@example.com', firstName: 'Gemma, "Gem"', lastName: 'Owen', phone: '555-000-3333' },
    items: [{ text: 'Line one\nLine two' }, { device: 'Standard Glass', text: 'Cheers, babe', color: 'Teal', font: 'Inter' }],
  });
  formula = await createTestOrder(db, {
    createdAt: Date.parse('2026-10-03T08:00:00Z'),
    status: 'delivered',
    customer: { email: 'x@example.com', firstName: '=HYPERLINK("http://evil")', lastName: '', phone: '555-000-4444' },
    items: [{ text: '+1-2' }, { text: '@SUM(A1)' }],
  });
});
afterAll(() => t.close());

/** A minimal RFC 4180 reader, so the test checks what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const exportCsv = (query = '', token: string | null = admin) => t.request('GET', `/api/orders/export.csv${query}`, { token: token ?? undefined });

it('streams every order as CSV with the header, file name and type of the contract', async () => {
  const res = await exportCsv();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const today = new Date().toISOString().slice(0, 10);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="orders-${today}.csv"`);
  const rows = parseCsv(res.text);
  expect(rows[0].join(',')).toBe(ORDERS_CSV_HEADER);
  expect(rows).toHaveLength(4);
  expect(rows[3]).toEqual([plain.order_number, 'Maya Jama', 'iPhone 14 Pro x1 (Hot Pink, Pecita)', 'Bombshell', 'In Production', '6.46', '2026-10-01T08:00:00.000Z']);
});

it('quotes commas, quotes and line breaks so each order stays one record', async () => {
  const rows = parseCsv((await exportCsv()).text);
  const row = rows.find((r) => r[0] === tricky.order_number)!;
  expect(row).toEqual([
    tricky.order_number,
    'Gemma, "Gem" Owen',
    'iPhone 14 Pro x1 (Hot Pink, Pecita); Standard Glass x1 (Teal, Inter)',
    'Line one\nLine two; Cheers, babe',
    'Shipped',
    '12.91',
    '2026-10-02T08:00:00.000Z',
  ]);
});

it('drops control and bidi-override characters stored before designs were validated', async () => {
  const stored = await createTestOrder(t.app.context.db, { createdAt: Date.parse('2026-09-01T08:00:00Z'), items: [{ text: 'Evil\u202Etxt.exe\u001B[31m' }] });
  const row = parseCsv((await exportCsv()).text).find((r) => r[0] === stored.order_number)!;
  expect(row[3]).toBe('Eviltxt.exe[31m');
  await t.app.context.db.deleteFrom('order_items').where('order_id', '=', stored.id).execute();
  await t.app.context.db.deleteFrom('order_history').where('order_id', '=', stored.id).execute();
  await t.app.context.db.deleteFrom('orders').where('id', '=', stored.id).execute();
});

it('neutralises cells a spreadsheet would run as formulas', async () => {
  const rows = parseCsv((await exportCsv()).text);
  const row = rows.find((r) => r[0] === formula.order_number)!;
  expect(row[1]).toBe(`'=HYPERLINK("http://evil")`);
  expect(row[3]).toBe(`'+1-2; @SUM(A1)`);
  expect(row[4]).toBe('Delivered');
});

it('applies the list filters', async () => {
  const byStatus = parseCsv((await exportCsv('?status=shipped')).text);
  expect(byStatus.map((r) => r[0])).toEqual(['Order ID', tricky.order_number]);
  const byDate = parseCsv((await exportCsv('?dateFrom=2026-10-02&dateTo=2026-10-02')).text);
  expect(byDate.map((r) => r[0])).toEqual(['Order ID', tricky.order_number]);
  const bySearch = parseCsv((await exportCsv('?search=bombshell')).text);
  expect(bySearch.map((r) => r[0])).toEqual(['Order ID', plain.order_number]);
  const bad = await exportCsv('?status=lost');
  expect(bad.status).toBe(422);
  expect(bad.body.code).toBe('VALIDATION_ERROR');
});

it('answers a search the database refuses with a JSON error, not a cut download (NUL on PostgreSQL)', async () => {
  const res = await exportCsv('?search=%00');
  if (res.status === 200) {
    expect(parseCsv(res.text)[0][0]).toBe('Order ID');
  } else {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  }
});

it('needs an admin', async () => {
  expect((await exportCsv('', null)).status).toBe(401);
  const customer = (await createUserWithToken(t, 'customer')).token;
  expect((await exportCsv('', customer)).status).toBe(403);
});

it('reads the orders in keyset batches without losing or repeating one, even with equal times', async () => {
  const db = t.app.context.db;
  const same = Date.parse('2026-10-02T08:00:00Z');
  const twins = [await createTestOrder(db, { createdAt: same }), await createTestOrder(db, { createdAt: same })];
  const whole = (await exportCsv()).text;
  let batched = '';
  for await (const chunk of ordersCsvStream(db, {}, t.app.context.logger, 'UTC', 1)) batched += chunk.toString();
  expect(batched).toBe(whole);
  const ids = parseCsv(batched).slice(1).map((r) => r[0]);
  expect(ids).toHaveLength(5);
  expect(new Set(ids).size).toBe(5);
  expect(ids).toEqual(expect.arrayContaining(twins.map((o) => o.order_number)));
});
