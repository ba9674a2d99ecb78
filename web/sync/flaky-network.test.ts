// @vitest-environment node
/**
 * Flaky network: two admin tablets, each running the web app's own sync engine
 * (engine.ts) over a real IndexedDB (fake-indexeddb), reach the real server through a TCP proxy
 * that refuses, delays and cuts connections, cutting some after the server applied a push and
 * before its answer arrived. After STATUS_CHANGES changes: the server holds each exactly once, no
 * outbox entry is lost, and conflicts appear only on orders both tablets changed.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { startChaosProxy, type ChaosProxy } from '../../server/test/chaos-proxy';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { ShopDatabase } from '../db/db';
import { createSyncEngine, type SyncEngine } from './engine';
import { createHttpTransport } from './transport';
import { seeded } from './two-tablets.test-support';

const STATUS_CHANGES = Number(process.env.FLAKY_CHANGES ?? 500);
const ORDERS = 30;
/** Orders 0-9 only tablet A changes, 10-19 only B, 20-29 both: conflicts may happen only there. */
const SHARED_FROM = 20;

let t: TestApp;
let orderIds: string[];
const tablets: { name: 'A' | 'B'; db: ShopDatabase; engine: SyncEngine; proxy: ChaosProxy; queued: string[] }[] = [];

const random = seeded(Number(process.env.FLAKY_SEED ?? 17));

beforeAll(async () => {
  t = await startTestApp();
  orderIds = [];
  for (let i = 0; i < ORDERS; i++) orderIds.push((await createTestOrder(t.app.context.db, { status: 'processing' })).id);
  for (const name of ['A', 'B'] as const) {
    const { token } = await createUserWithToken(t, 'admin');
    const proxy = await startChaosProxy(new URL(t.url), { refuse: 0.1, cutAnswer: 0.15, maxDelayMs: 20 }, random);
    const db = new ShopDatabase(`flaky-${name}-${Date.now()}`);
    // A short timeout: a cut connection shows as a network error rather than a long wait.
    const transport = createHttpTransport({ fetch, getToken: () => token, baseUrl: proxy.url, timeoutMs: 2_000 });
    tablets.push({ name, db, engine: createSyncEngine({ db, transport, pushLimit: 8 }), proxy, queued: [] });
  }
}, 60_000);
afterAll(async () => {
  for (const tablet of tablets) {
    await tablet.proxy.close();
    tablet.db.close();
    await tablet.db.delete();
  }
  await t?.close();
});

async function syncUntilDone(tablet: (typeof tablets)[number], attempts = 50) {
  for (let i = 0; i < attempts; i++) {
    const outcome = await tablet.engine.sync();
    if (outcome.ok && (await tablet.db.outbox.count()) === 0) return;
  }
  throw new Error(`tablet ${tablet.name} could not empty its outbox`);
}

describe('two admin tablets over a flaky network', () => {
  it(`apply ${STATUS_CHANGES} status changes exactly once, losing none, with conflicts only where they disagreed`, async () => {
    for (const tablet of tablets) {
      tablet.proxy.setChaos(false);
      await syncUntilDone(tablet);
      tablet.proxy.setChaos(true);
    }
    const perRound = 10;
    for (let done = 0; done < STATUS_CHANGES; done += perRound * 2) {
      await Promise.all(
        tablets.map(async (tablet, index) => {
          const own = index === 0 ? [0, 10] : [10, 20];
          const changes = Array.from({ length: perRound }, () => {
            const shared = random() < 0.3;
            const [from, to] = shared ? [SHARED_FROM, ORDERS] : own;
            const orderId = orderIds[from + Math.floor(random() * (to - from))]!;
            const status = ORDER_STATUSES[Math.floor(random() * ORDER_STATUSES.length)] as OrderStatus;
            return { orderId, status };
          });
          const mutations = await tablet.engine.queueStatusChanges(changes);
          tablet.queued.push(...mutations.map((mutation) => mutation.id));
          // Failures are expected here: the outbox keeps what did not get through.
          await tablet.engine.sync();
        }),
      );
    }
    for (const tablet of tablets) {
      tablet.proxy.setChaos(false);
      await syncUntilDone(tablet);
    }

    const db = t.app.context.db;
    const queued = tablets.flatMap((tablet) => tablet.queued);
    expect(queued).toHaveLength(STATUS_CHANGES);
    expect(new Set(queued).size).toBe(STATUS_CHANGES);
    const results = await db.selectFrom('applied_mutations').select(['id', 'order_id', 'result']).execute();
    const applied = new Set(results.map((row) => row.id));
    const conflicts = (await Promise.all(tablets.map((tablet) => tablet.db.conflicts.toArray()))).flat();
    const conflicted = new Set(conflicts.map((conflict) => conflict.mutation.id));
    // No outbox entry lost: each change was applied on the server or is shown to its admin as a conflict, never both.
    for (const id of queued) expect(applied.has(id) !== conflicted.has(id), `mutation ${id}: applied ${applied.has(id)}, conflict ${conflicted.has(id)}`).toBe(true);
    // Exactly once: no change appears twice in the orders' history, and every applied one appears.
    const history = await db.selectFrom('order_history').select(['mutation_id']).where('mutation_id', 'is not', null).execute();
    const timesInHistory = new Map<string, number>();
    for (const entry of history) timesInHistory.set(entry.mutation_id!, (timesInHistory.get(entry.mutation_id!) ?? 0) + 1);
    for (const [id, times] of timesInHistory) expect(times, `mutation ${id} applied ${times} times`).toBe(1);
    for (const id of timesInHistory.keys()) expect(applied.has(id)).toBe(true);
    // Conflicts only where the two tablets really disagreed: on orders both of them changed.
    for (const conflict of conflicts) expect(orderIds.indexOf(conflict.orderId)).toBeGreaterThanOrEqual(SHARED_FROM);
    // The network really misbehaved, both ways.
    for (const tablet of tablets) {
      expect(tablet.proxy.stats.refused).toBeGreaterThan(0);
      expect(tablet.proxy.stats.cut).toBeGreaterThan(0);
    }
    if (process.env.FLAKY_VERBOSE) console.log(JSON.stringify({ proxies: tablets.map((tablet) => tablet.proxy.stats), conflicts: conflicts.length, applied: applied.size }));
  }, 300_000);
});
