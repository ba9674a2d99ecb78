// @vitest-environment node
/**
 * `npm run test:soak`: two print-room tablets for LOCAL_FIRST_SOAK_MINUTES (10 in the soak run),
 * each with the web app's own engine over a real IndexedDB (fake-indexeddb), reaching the real
 * server through a proxy that refuses requests and drops answers after the server acted. They mark
 * orders at random, many of them on both tablets, stacking changes on unanswered ones. At the end,
 * with the network healed: 0 changes lost, 0 applied twice, 0 applied over another device's change
 * the tablet never saw (two-tablets.test-support.ts).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { startChaosProxy, type ChaosProxy } from '../../server/test/chaos-proxy';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { ShopDatabase } from '../db/db';
import { createSyncEngine, type SyncEngine } from './engine';
import { createHttpTransport } from './transport';
import { expectNothingLostDuplicatedOrOverridden, seeded, type TabletRecord } from './two-tablets.test-support';

const MINUTES = Number(process.env.LOCAL_FIRST_SOAK_MINUTES ?? 1);
const ORDERS = 12;

let t: TestApp;
const orderIds: string[] = [];
const tablets: (TabletRecord & { engine: SyncEngine; proxy: ChaosProxy })[] = [];

const random = seeded(Number(process.env.LOCAL_FIRST_SOAK_SEED ?? 42));

beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < ORDERS; i++) orderIds.push((await createTestOrder(t.app.context.db, { status: 'processing' })).id);
  for (const name of ['A', 'B']) {
    const { token } = await createUserWithToken(t, 'admin');
    const proxy = await startChaosProxy(new URL(t.url), { refuse: 0.1, cutAnswer: 0.25, maxDelayMs: 30 }, random);
    const local = new ShopDatabase(`soak-${name}-${Date.now()}`);
    const transport = createHttpTransport({ fetch, getToken: () => token, baseUrl: proxy.url, timeoutMs: 2_000 });
    tablets.push({ local, proxy, engine: createSyncEngine({ db: local, transport, pushLimit: 4 }), queued: [], builtOn: new Map() });
  }
}, 60_000);
afterAll(async () => {
  for (const tablet of tablets) {
    await tablet.proxy.close();
    tablet.local.close();
    await tablet.local.delete();
  }
  await t?.close();
});

it(`two tablets on flaky Wi-Fi for ${MINUTES} minute(s): 0 lost, 0 duplicated, 0 overridden`, async () => {
  for (const tablet of tablets) {
    tablet.proxy.setChaos(false);
    expect((await tablet.engine.pull()).ok).toBe(true);
    tablet.proxy.setChaos(true);
  }
  const until = Date.now() + MINUTES * 60_000;
  let rounds = 0;
  while (Date.now() < until) {
    rounds++;
    await Promise.all(
      tablets.map(async (tablet) => {
        // Mostly pushes and pulls on a bad link; now and then a change, often stacked on one still unanswered.
        const roll = random();
        if (roll < 0.5) {
          const orderId = orderIds[Math.floor(random() * ORDERS)]!;
          const status = ORDER_STATUSES[Math.floor(random() * ORDER_STATUSES.length)] as OrderStatus;
          const [mutation] = await tablet.engine.queueStatusChanges([{ orderId, status }]);
          tablet.queued.push(mutation!.id);
          tablet.builtOn.set(mutation!.id, mutation!.baseVersion);
        }
        await (roll < 0.9 ? tablet.engine.sync() : tablet.engine.pull());
      }),
    );
  }
  for (const tablet of tablets) {
    tablet.proxy.setChaos(false);
    for (let i = 0; i < 50 && (await tablet.local.outbox.count()) > 0; i++) await tablet.engine.sync();
    expect(await tablet.local.outbox.count()).toBe(0);
  }
  const { applied, conflicts } = await expectNothingLostDuplicatedOrOverridden(t.app.context.db, orderIds, tablets);
  const cut = tablets.reduce((sum, tablet) => sum + tablet.proxy.stats.cut, 0);
  expect(cut).toBeGreaterThan(0);
  console.log(JSON.stringify({ minutes: MINUTES, rounds, changes: tablets.reduce((n, tb) => n + tb.queued.length, 0), applied, conflicts, answersCut: cut }));
}, (MINUTES + 5) * 60_000);
