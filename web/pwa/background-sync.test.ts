/**
 * Re-apply queues its change inside a wider Dexie transaction (conflicts + outbox + cache). The
 * outbox hook must still hand the change to Background Sync once that transaction commits, with
 * the token stored for the worker, and without touching a table outside the transaction's scope.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setToken } from '../api/client';
import { ShopDatabase } from '../db/db';
import { createSyncEngine } from '../sync/engine';
import { toCachedOrder } from '../sync/order-cache';
import type { SyncTransport } from '../sync/transport';
import { adminOrder } from '../routes/admin/admin-orders.test-support';
import { OUTBOX_SYNC_TAG, SW_TOKEN_META_KEY } from './constants';
import { watchOutboxForBackgroundSync } from './background-sync';

let local: ShopDatabase;
let unwatch: () => void;
const register = vi.fn(async (_tag: string) => undefined);
const unhandled: unknown[] = [];
const onUnhandled = (event: PromiseRejectionEvent) => unhandled.push(event.reason);

const offlineTransport: SyncTransport = {
  pull: () => Promise.reject(new Error('offline')),
  push: () => Promise.reject(new Error('offline')),
};

beforeEach(() => {
  local = new ShopDatabase(`background-sync-test-${Date.now()}`);
  unwatch = watchOutboxForBackgroundSync(local);
  register.mockClear();
  unhandled.length = 0;
  window.addEventListener('unhandledrejection', onUnhandled);
  process.on('unhandledRejection', onUnhandled as never);
  setToken('admin-token');
  const registration = { active: {}, sync: { register } };
  Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => registration }, configurable: true });
});

afterEach(async () => {
  unwatch();
  window.removeEventListener('unhandledrejection', onUnhandled);
  process.off('unhandledRejection', onUnhandled as never);
  setToken(null);
  Reflect.deleteProperty(navigator, 'serviceWorker');
  local.close();
  await local.delete();
});

it('hands a re-applied change to Background Sync after its transaction commits', async () => {
  const order = adminOrder({ status: 'cancelled', version: 3 });
  await local.orderCache.put(toCachedOrder(order, []));
  await local.conflicts.put({
    id: 'change-1',
    orderId: order.id,
    orderNumber: order.orderNumber,
    mutation: { id: 'change-1', orderId: order.id, type: 'setStatus', status: 'printed', baseVersion: 2, at: new Date().toISOString() },
    serverStatus: 'cancelled',
    serverVersion: 3,
    detectedAt: Date.now(),
  });
  const engine = createSyncEngine({ db: local, transport: offlineTransport });

  expect(await engine.resolveConflict('change-1', 'reapply', { status: 'cancelled', version: 3 })).toBe('resolved');

  await vi.waitFor(() => expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG));
  expect((await local.meta.get(SW_TOKEN_META_KEY))?.value).toBe('admin-token');
  const [queued] = await local.outbox.toArray();
  expect(queued.mutation).toMatchObject({ status: 'printed', baseVersion: 3 });
  expect(await local.conflicts.count()).toBe(0);
  expect(unhandled).toEqual([]);
});

it('registers once for a plain status change too', async () => {
  const order = adminOrder({ status: 'processing', version: 1 });
  await local.orderCache.put(toCachedOrder(order, []));
  await createSyncEngine({ db: local, transport: offlineTransport }).queueStatusChanges([{ orderId: order.id, status: 'printed' }]);
  await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
});
