import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import type { OrderRow } from '../orders/order.table';
import { startTestApp, type TestApp } from '../test/test-app';
import { productionQueueBatch } from './print-file.repository';
import { readZip } from './zip.test-support';

const NOW = Date.UTC(2026, 10, 24, 9, 30);
let t: TestApp;
let adminToken: string;
let threeLines: OrderRow;
let older: OrderRow;
beforeAll(async () => {
  t = await startTestApp({}, { now: () => NOW });
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const db = t.app.context.db;
  older = await createTestOrder(db, { createdAt: NOW - 60_000, items: [{ text: 'First in line', quantity: 4 }] });
  threeLines = await createTestOrder(db, {
    createdAt: NOW - 30_000,
    items: [
      { text: 'Mugged Off', color: 'Teal', font: 'Poppins', quantity: 2 },
      { device: 'Large Bottle', productType: 'water-bottle', text: 'Villa', color: 'Purple', font: 'Inter' },
      { device: 'Standard Glass', productType: 'champagne-glass', text: 'Cheers', quantity: 3 },
    ],
  });
  await createTestOrder(db, { status: 'printed', items: [{ text: 'Already printed' }] });
});
afterAll(() => t.close());

async function downloadZip(query = '') {
  const response = await fetch(`${t.url}/api/fulfillment/print-files.zip${query}`, { headers: { Authorization: `Bearer ${adminToken}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/fulfillment/print-files.zip', () => {
  it('holds one SVG per line of the orders named, named after order, line and quantity', async () => {
    const response = await downloadZip(`?ids=${threeLines.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="print-files-2026-11-24.zip"');
    const entries = readZip(response.bytes);
    const number = threeLines.order_number;
    expect(entries.map((entry) => entry.name)).toEqual([`${number}-1-x2.svg`, `${number}-2-x1.svg`, `${number}-3-x3.svg`]);
    for (const [index, entry] of entries.entries()) {
      const single = await t.request('GET', `/api/orders/${threeLines.id}/print-file?line=${index + 1}`, { token: adminToken });
      expect(entry.data.toString('utf8')).toBe(single.text);
    }
  });

  it('defaults to the production queue (processing), oldest order first', async () => {
    const entries = readZip((await downloadZip()).bytes);
    expect(entries.map((entry) => entry.name)).toEqual([
      `${older.order_number}-1-x4.svg`,
      `${threeLines.order_number}-1-x2.svg`,
      `${threeLines.order_number}-2-x1.svg`,
      `${threeLines.order_number}-3-x3.svg`,
    ]);
  });

  it('answers 404 for an id that names no order, 422 for an empty list, before anything is streamed', async () => {
    const missing = await t.request('GET', `/api/fulfillment/print-files.zip?ids=${threeLines.id},nope`, { token: adminToken });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Order not found: nope.', code: 'NOT_FOUND' });
    const empty = await t.request('GET', '/api/fulfillment/print-files.zip?ids=,', { token: adminToken });
    expect(empty.status).toBe(422);
  });

  it('is for admins only', async () => {
    expect((await t.request('GET', '/api/fulfillment/print-files.zip')).status).toBe(401);
  });

  it('reads the queue in keyset batches without losing or repeating an order, even with equal times', async () => {
    const db = t.app.context.db;
    const twins = [await createTestOrder(db, { createdAt: NOW - 10_000 }), await createTestOrder(db, { createdAt: NOW - 10_000 })];
    const seen: string[] = [];
    let after: { createdAt: number; id: string } | null = null;
    for (;;) {
      const batch = await productionQueueBatch(db, after, 1);
      if (batch.length === 0) break;
      seen.push(batch[0]!.id);
      after = { createdAt: batch[0]!.createdAt, id: batch[0]!.id };
    }
    expect(seen).toEqual([older.id, threeLines.id, ...twins.map((o) => o.id).sort()]);
  });

  it('refuses the whole queue while a line holds characters its font lacks, naming every such line, as every print file does', async () => {
    const db = t.app.context.db;
    const snowman = await createTestOrder(db, { createdAt: NOW - 5_000, items: [{ text: 'Hi ☃', font: 'Pecita' }] });
    const han = await createTestOrder(db, { createdAt: NOW - 4_000, items: [{ text: 'OK' }, { text: '漢字', font: 'Inter' }] });
    const response = await t.request('GET', '/api/fulfillment/print-files.zip', { token: adminToken });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('MISSING_GLYPHS');
    expect(response.body.error).toContain(`${snowman.order_number} line 1: Pecita has no “☃” (U+2603)`);
    expect(response.body.error).toContain(`${han.order_number} line 2: Inter has no “漢” (U+6F22), “字” (U+5B57)`);
    await db.updateTable('orders').set({ status: 'printed' }).where('id', 'in', [snowman.id, han.id]).execute();
    expect((await downloadZip()).status).toBe(200);
  });

  it('says so when the production queue is empty', async () => {
    await t.app.context.db.updateTable('orders').set({ status: 'printed' }).where('status', '=', 'processing').execute();
    const response = await t.request('GET', '/api/fulfillment/print-files.zip', { token: adminToken });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: 'The production queue is empty: there is nothing to print.', code: 'NOTHING_TO_PRINT' });
  });
});
