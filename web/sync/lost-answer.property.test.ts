// @vitest-environment node
/**
 * Two tablets, lost answers and resends, in random interleavings against the real server (fresh
 * SQLite) with each tablet's own engine over a real IndexedDB (fake-indexeddb). Whatever happens,
 * no change is applied over an order version its tablet did not build it on: the version the admin
 * saw when making it, or one that the tablet's own earlier change of the order left behind.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { createUserWithToken } from '../../server/auth/auth.test-support';
import { createTestOrder } from '../../server/orders/order.test-support';
import { startTestApp, type TestApp } from '../../server/test/test-app';
import { ShopDatabase } from '../db/db';
import { createSyncEngine } from './engine';
import { lossyTransport, type LossyTransport } from './lossy-transport.test-support';
import { createHttpTransport } from './transport';
import { expectNothingLostDuplicatedOrOverridden } from './two-tablets.test-support';

const RUNS = Number(process.env.LOST_ANSWER_RUNS ?? 15);
const ORDERS = 2;

let t: TestApp;
const tokens: string[] = [];
beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 2; i++) tokens.push((await createUserWithToken(t, 'admin')).token);
});
afterAll(async () => t?.close());

type Step =
  | { kind: 'queue'; device: number; order: number; status: OrderStatus }
  | { kind: 'sync'; device: number; loseAnswer: boolean }
  | { kind: 'pull'; device: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('queue' as const), device: fc.nat(1), order: fc.nat(ORDERS - 1), status: fc.constantFrom(...ORDER_STATUSES) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device: fc.nat(1), loseAnswer: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pull' as const), device: fc.nat(1) }) },
);

/** Tablet B's answer is lost, A changes the order, B's stacked change must not land on A's version. */
const LOST_ANSWER_THEN_OTHER_DEVICE: Step[] = [
  { kind: 'queue', device: 0, order: 1, status: 'delivered' },
  { kind: 'queue', device: 1, order: 1, status: 'delivered' },
  { kind: 'sync', device: 1, loseAnswer: true },
  { kind: 'queue', device: 0, order: 1, status: 'cancelled' },
  { kind: 'sync', device: 0, loseAnswer: false },
  { kind: 'queue', device: 1, order: 1, status: 'pending' },
  { kind: 'sync', device: 0, loseAnswer: false },
  { kind: 'sync', device: 0, loseAnswer: false },
];

let run = 0;

it('never applies a change over another device’s version it did not build on (lost answers, resends, two devices)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 16 }), async (steps) => {
      const db = t.app.context.db;
      const orderIds: string[] = [];
      for (let i = 0; i < ORDERS; i++) orderIds.push((await createTestOrder(db, { status: 'processing' })).id);
      run++;
      const devices = tokens.map((token, index) => {
        const local = new ShopDatabase(`lost-answer-${run}-${index}`);
        const transport: LossyTransport = lossyTransport(createHttpTransport({ fetch, getToken: () => token, baseUrl: t.url }));
        return { local, transport, engine: createSyncEngine({ db: local, transport, pushLimit: 2 }), builtOn: new Map<string, number>(), order: [] as string[] };
      });
      try {
        for (const device of devices) await device.engine.pull();
        for (const s of steps) {
          const device = devices[s.device]!;
          if (s.kind === 'queue') {
            const [mutation] = await device.engine.queueStatusChanges([{ orderId: orderIds[s.order]!, status: s.status }]);
            device.builtOn.set(mutation!.id, mutation!.baseVersion);
            device.order.push(mutation!.id);
          } else if (s.kind === 'pull') {
            await device.engine.pull();
          } else {
            device.transport.loseNextAnswer(s.loseAnswer);
            await device.engine.sync();
          }
        }
        // The network heals: every tablet empties its outbox.
        for (const device of devices) {
          device.transport.loseNextAnswer(false);
          for (let i = 0; i < 20 && (await device.local.outbox.count()) > 0; i++) await device.engine.sync();
          expect(await device.local.outbox.count()).toBe(0);
        }

        await expectNothingLostDuplicatedOrOverridden(db, orderIds, devices.map((device) => ({ local: device.local, queued: device.order, builtOn: device.builtOn })));
      } finally {
        for (const device of devices) {
          device.local.close();
          await device.local.delete();
        }
      }
    }),
    // The counterexample found against the engine that rebased onto the replay's current order, always tried first.
    { numRuns: RUNS, examples: [[LOST_ANSWER_THEN_OTHER_DEVICE]] },
  );
}, 600_000);
