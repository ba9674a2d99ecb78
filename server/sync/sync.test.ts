import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../shared/api/types';
import { createUserWithToken } from '../auth/auth.test-support';
import { findOrderById } from '../orders/order.repository';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createUserWithToken(t, 'admin')).token;
  customer = (await createUserWithToken(t, 'customer')).token;
});
afterAll(() => t.close());

const db = () => t.app.context.db;
const pull = (query: string, token = admin) => t.request('GET', `/api/sync/orders${query}`, { token });
const push = (mutations: unknown[], token = admin) => t.request('POST', '/api/sync/push', { body: { mutations }, token });
const setStatus = (orderId: string, status: string, baseVersion: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  orderId,
  type: 'setStatus',
  status,
  baseVersion,
  at: new Date().toISOString(),
  ...extra,
});
const historyCount = async (id: string) =>
  (await db().selectFrom('order_history').select('version').where('order_id', '=', id).execute()).length;

/** Pulls every page from `since`, as the admin cache does. */
async function pullAll(since: string, limit: number) {
  const seen: AdminOrderView[] = [];
  let cursor = since;
  let pages = 0;
  for (;;) {
    const res = await pull(`?since=${cursor}&limit=${limit}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.orders);
    cursor = res.body.cursor;
    pages++;
    if (!res.body.hasMore) return { seen, cursor, pages };
  }
}

describe('GET /api/sync/orders', () => {
  it('pages through changes in change order with an opaque cursor and misses no change after updates', async () => {
    const start = (await pull('')).body.cursor as string;
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createTestOrder(db(), { items: [{ text: `Order ${i}` }] }));

    const first = await pull(`?since=${start}&limit=2`);
    expect(first.body.orders.map((o: AdminOrderView) => o.id)).toEqual([created[0].id, created[1].id]);
    expect(first.body.hasMore).toBe(true);
    expect(typeof first.body.cursor).toBe('string');
    const rest = await pullAll(first.body.cursor, 2);
    expect(rest.seen.map((o) => o.id)).toEqual(created.slice(2).map((o) => o.id));
    expect(rest.pages).toBe(2);

    // An order changed after it was pulled comes back, with its new version, after the cursor.
    const patched = await t.request('PATCH', `/api/orders/${created[0].id}/status`, { body: { status: 'printed' }, token: admin });
    expect(patched.status).toBe(200);
    const afterChange = await pullAll(rest.cursor, 2);
    expect(afterChange.seen).toHaveLength(1);
    expect(afterChange.seen[0]).toMatchObject({ id: created[0].id, status: 'printed', version: 2 });

    const idle = await pull(`?since=${afterChange.cursor}`);
    expect(idle.body).toEqual({ orders: [], cursor: afterChange.cursor, hasMore: false });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const bad = await pull('?since=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_CURSOR');
    expect((await pull('?since=-1')).status).toBe(400);
    expect((await pull('?limit=501')).status).toBe(400);
    expect((await pull('?limit=0')).body.code).toBe('INVALID_LIMIT');
  });

  it('needs an admin', async () => {
    expect((await t.request('GET', '/api/sync/orders')).status).toBe(401);
    expect((await pull('', customer)).status).toBe(403);
  });
});

describe('POST /api/sync/push', () => {
  it('applies a mutation on the current version and records who and which mutation', async () => {
    const order = await createTestOrder(db());
    const m = setStatus(order.id, 'shipped', 1, { trackingNumber: 'TRKSYNC00001' });
    const res = await push([m]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ id: m.id, result: 'applied', appliedVersion: 2, order: expect.objectContaining({ status: 'shipped', version: 2, trackingNumber: 'TRKSYNC00001' }) }]);
    const history = await db().selectFrom('order_history').selectAll().where('order_id', '=', order.id).where('version', '=', 2).executeTakeFirstOrThrow();
    expect(history).toMatchObject({ source: 'sync', mutation_id: m.id, from_status: 'processing', to_status: 'shipped' });
  });

  it('answers a replayed mutation (its response was lost) as duplicate, applied once', async () => {
    const order = await createTestOrder(db());
    const m = setStatus(order.id, 'printed', 1);
    expect((await push([m])).body.results[0].result).toBe('applied');
    const replay = await push([m]);
    expect(replay.body.results).toEqual([{ id: m.id, result: 'duplicate', appliedVersion: 2, order: expect.objectContaining({ id: order.id, status: 'printed', version: 2 }) }]);
    expect(await historyCount(order.id)).toBe(2);
    expect((await findOrderById(db(), order.id))!.version).toBe(2);
  });

  it('answers a replay with the version that mutation made, not the newer one another device made since', async () => {
    const order = await createTestOrder(db(), { status: 'processing' });
    const printed = setStatus(order.id, 'printed', 1);
    expect((await push([printed])).body.results[0]).toMatchObject({ result: 'applied', appliedVersion: 2 });
    // Another tablet cancels meanwhile; the first tablet never saw its answer and sends Printed again.
    const otherDevice = (await createUserWithToken(t, 'admin')).token;
    expect((await push([setStatus(order.id, 'cancelled', 2)], otherDevice)).body.results[0].result).toBe('applied');
    const replay = await push([printed]);
    expect(replay.body.results[0]).toMatchObject({ result: 'duplicate', appliedVersion: 2, order: { status: 'cancelled', version: 3 } });
    // The change it had stacked on Printed, rebased onto its own version 2, is a conflict: the cancel stays.
    const shipped = await push([setStatus(order.id, 'shipped', replay.body.results[0].appliedVersion, { trackingNumber: 'TRKSTACKED01' })]);
    expect(shipped.body.results[0]).toMatchObject({ result: 'conflict', order: { status: 'cancelled', version: 3 } });
    expect((await findOrderById(db(), order.id))!.status).toBe('cancelled');
    const history = await db().selectFrom('order_history').select('to_status').where('order_id', '=', order.id).execute();
    expect(history.map((h) => h.to_status)).not.toContain('shipped');
  });

  it('reports a stale base version as a conflict with the server order, and a same-status one as applied without history', async () => {
    const order = await createTestOrder(db());
    expect((await push([setStatus(order.id, 'printed', 1)])).body.results[0].result).toBe('applied');

    const stale = setStatus(order.id, 'cancelled', 1);
    const conflict = await push([stale]);
    expect(conflict.body.results).toEqual([{ id: stale.id, result: 'conflict', order: expect.objectContaining({ status: 'printed', version: 2 }) }]);

    const alreadyThere = setStatus(order.id, 'printed', 1);
    const same = await push([alreadyThere]);
    expect(same.body.results[0]).toMatchObject({ id: alreadyThere.id, result: 'applied', appliedVersion: 2, order: { status: 'printed', version: 2 } });
    expect(await historyCount(order.id)).toBe(2);
    expect((await findOrderById(db(), order.id))!.status).toBe('printed');

    // A conflict is not recorded: re-applied on the server's version, the same mutation id goes through.
    const reapplied = await push([{ ...stale, baseVersion: 2 }]);
    expect(reapplied.body.results[0]).toMatchObject({ result: 'applied', order: { status: 'cancelled', version: 3 } });
  });

  it('answers invalid for an unknown order or status and keeps the input order of results', async () => {
    const a = await createTestOrder(db());
    const b = await createTestOrder(db());
    const mutations = [
      setStatus(a.id, 'printed', 1),
      setStatus('no-such-order', 'printed', 1),
      setStatus(b.id, 'lost-in-post', 1),
      setStatus(b.id, 'delivered', 1),
      setStatus(a.id, 'shipped', 1),
    ];
    const res = await push(mutations);
    expect(res.body.results.map((r: { id: string; result: string }) => [r.id, r.result])).toEqual([
      [mutations[0].id, 'applied'],
      [mutations[1].id, 'invalid'],
      [mutations[2].id, 'invalid'],
      [mutations[3].id, 'applied'],
      [mutations[4].id, 'conflict'],
    ]);
    expect(res.body.results[1].error).toBe('Order not found.');
    expect(res.body.results[2].error).toContain('Unknown status "lost-in-post"');
    expect((await findOrderById(db(), b.id))!.status).toBe('delivered');
  });

  it('refuses a malformed batch or more than 500 mutations with 422, applying none', async () => {
    const order = await createTestOrder(db());
    const tooMany = Array.from({ length: 501 }, () => setStatus(order.id, 'printed', 1));
    const res = await push(tooMany);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('At most 500 mutations per push.');
    const malformed = await push([setStatus(order.id, 'printed', 1), { orderId: order.id, type: 'setStatus' }]);
    expect(malformed.status).toBe(422);
    expect((await findOrderById(db(), order.id))!.version).toBe(1);
  });

  it('needs an admin', async () => {
    expect((await t.request('POST', '/api/sync/push', { body: { mutations: [] } })).status).toBe(401);
    expect((await push([], customer)).status).toBe(403);
  });
});
