import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { pruneReplayRecords, REPLAY_RETENTION } from './replay-retention';

const DAY_MS = 24 * 60 * 60 * 1000;
// Sessions outlive the windows under test, so the same admin can replay after the clock moves on.
const LONG_SESSIONS = { SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '365' };

let t: TestApp;
let admin: string;
let offset = 0;
const now = () => Date.now() + offset;

beforeAll(async () => {
  t = await startTestApp(LONG_SESSIONS, { now });
  admin = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t.close());

const db = () => t.app.context.db;
const setStatus = (app: TestApp, orderId: string, status: string, key: string) =>
  app.request('PATCH', `/api/orders/${orderId}/status`, { body: { status }, token: admin, headers: { 'Idempotency-Key': key } });
const push = (mutation: object) => t.request('POST', '/api/sync/push', { body: { mutations: [mutation] }, token: admin });
const historyOf = async (orderId: string) => db().selectFrom('order_history').select('version').where('order_id', '=', orderId).execute();

describe('pruning the records that answer replays', () => {
  it('keeps an Idempotency-Key for 7 days, then forgets it, so the key may name a new request', async () => {
    offset = 0;
    const order = await createTestOrder(db());
    const key = randomUUID();
    expect((await setStatus(t, order.id, 'printed', key)).status).toBe(200);

    offset = REPLAY_RETENTION.idempotencyKeysMs - DAY_MS;
    expect(await pruneReplayRecords(t.app.context)).toMatchObject({ idempotencyKeys: 0 });
    const reused = await setStatus(t, order.id, 'shipped', key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    offset = REPLAY_RETENTION.idempotencyKeysMs + 60_000;
    expect((await pruneReplayRecords(t.app.context)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const fresh = await setStatus(t, order.id, 'shipped', key);
    expect(fresh.status).toBe(200);
    expect(fresh.body.order).toMatchObject({ status: 'shipped', version: 3 });
  });

  it('keeps an applied sync mutation for 180 days; a replay after that still changes nothing', async () => {
    offset = 0;
    const order = await createTestOrder(db());
    const mutation = { id: randomUUID(), orderId: order.id, type: 'setStatus', status: 'printed', baseVersion: 1, at: new Date(now()).toISOString() };
    expect((await push(mutation)).body.results[0].result).toBe('applied');

    offset = REPLAY_RETENTION.appliedMutationsMs - DAY_MS;
    await pruneReplayRecords(t.app.context);
    expect((await push(mutation)).body.results[0]).toMatchObject({ result: 'duplicate', order: { version: 2 } });

    offset = REPLAY_RETENTION.appliedMutationsMs + 60_000;
    expect((await pruneReplayRecords(t.app.context)).appliedMutations).toBeGreaterThanOrEqual(1);
    // Forgotten, the replay is judged on its base version: the order already has its status.
    expect((await push(mutation)).body.results[0]).toMatchObject({ result: 'applied', order: { status: 'printed', version: 2 } });
    expect(await historyOf(order.id)).toHaveLength(2);
  });

  it('prunes when a process starts, by the clock of that process', async () => {
    offset = 0;
    const order = await createTestOrder(db());
    const key = randomUUID();
    expect((await setStatus(t, order.id, 'printed', key)).status).toBe(200);
    const keysNow = await db().selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(keysNow).toHaveLength(1);

    const later = await startTestApp({ ...LONG_SESSIONS, DATABASE_URL: t.databaseUrl }, { now: () => Date.now() + REPLAY_RETENTION.idempotencyKeysMs + 60_000 });
    try {
      const left = await later.app.context.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
      expect(left).toHaveLength(0);
      expect((await setStatus(later, order.id, 'shipped', key)).status).toBe(200);
    } finally {
      await later.close();
    }
  });
});
