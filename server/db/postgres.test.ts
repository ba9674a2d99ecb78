import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder } from '../orders/order.test-support';
import { findOrderById, loadItems } from '../orders/order.repository';
import { toAdminView } from '../orders/order.mapper';

let cluster: TemporaryPostgres;
let t: TestApp;
beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  t = await startTestApp({ DATABASE_URL: await cluster.createDatabase() });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await cluster?.stop();
});

describe('the same app on PostgreSQL (DATABASE_URL=postgres://…)', () => {
  it('migrates, answers health and serves the catalogue', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', db: 'ok' });
    const devices = await t.request('GET', '/api/products/devices');
    expect(devices.body.productTypes).toHaveLength(3);
  });

  it('writes orders whole with a gap-free change sequence and reads them back as numbers', async () => {
    const db = t.app.context.db;
    const first = await createTestOrder(db, { items: [{ text: 'Mugged Off' }, { device: 'Large Bottle', quantity: 2 }] });
    const second = await createTestOrder(db);
    expect(second.change_seq).toBe(first.change_seq + 1);
    const stored = await findOrderById(db, first.id);
    expect(typeof stored!.created_at).toBe('number');
    const view = toAdminView(stored!, (await loadItems(db, [first.id])).get(first.id)!);
    expect(view).toMatchObject({ customText: 'Mugged Off', quantity: 3, total: 19.37 });
  });
});
