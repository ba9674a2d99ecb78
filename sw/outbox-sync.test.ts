// @vitest-environment node
/**
 * The service worker's Background Sync flush against the real server (fresh SQLite, ephemeral
 * port) and a real IndexedDB (fake-indexeddb).
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../server/test/test-app';
import { createUserWithToken } from '../server/auth/auth.test-support';
import { createTestOrder } from '../server/orders/order.test-support';
import { ShopDatabase } from '../web/db/db';
import { createSyncEngine } from '../web/sync/engine';
import { createHttpTransport } from '../web/sync/transport';
import { SW_TOKEN_META_KEY } from '../web/pwa/constants';
import { flushOutboxFromWorker, flushOutboxWithRetries, RetryLater } from './outbox-sync';

let t: TestApp;
let token: string;
let local: ShopDatabase;
let count = 0;

beforeAll(async () => {
  t = await startTestApp();
  token = (await createUserWithToken(t, 'admin')).token;
});
afterAll(async () => t?.close());
beforeEach(() => {
  local = new ShopDatabase(`sw-flush-${++count}`);
});
afterEach(async () => {
  local.close();
  await local.delete();
});

/** An admin tab's work: pull the orders, queue a status change offline, hand the worker the token. */
async function queueChangeAsThePageWould(): Promise<string> {
  const order = await createTestOrder(t.app.context.db, { status: 'processing' });
  const engine = createSyncEngine({ db: local, transport: createHttpTransport({ fetch, getToken: () => token, baseUrl: t.url }) });
  expect((await engine.pull()).ok).toBe(true);
  await engine.queueStatusChanges([{ orderId: order.id, status: 'printed' }]);
  await local.meta.put({ key: SW_TOKEN_META_KEY, value: token });
  return order.id;
}

async function serverStatus(orderId: string): Promise<string> {
  return (await t.app.context.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
}

it('pushes the queued change, empties the outbox and forgets the token', async () => {
  const orderId = await queueChangeAsThePageWould();
  const outcome = await flushOutboxFromWorker(fetch, { db: local, baseUrl: t.url });
  expect(outcome).toMatchObject({ ok: true, pushed: 1 });
  expect(await serverStatus(orderId)).toBe('printed');
  expect(await local.outbox.count()).toBe(0);
  expect(await local.meta.get(SW_TOKEN_META_KEY)).toBeUndefined();
});

it('asks the browser to retry while the network is down, keeping the change and the token', async () => {
  const orderId = await queueChangeAsThePageWould();
  const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await expect(flushOutboxFromWorker(offline, { db: local, baseUrl: t.url })).rejects.toBeInstanceOf(RetryLater);
  expect(await local.outbox.count()).toBe(1);
  expect((await local.meta.get(SW_TOKEN_META_KEY))?.value).toBe(token);
  expect(await serverStatus(orderId)).toBe('processing');
});

it('does nothing without a token (signed out) and clears a stale token when nothing waits', async () => {
  const orderId = await queueChangeAsThePageWould();
  await local.meta.delete(SW_TOKEN_META_KEY);
  expect(await flushOutboxFromWorker(fetch, { db: local, baseUrl: t.url })).toBeNull();
  expect(await local.outbox.count()).toBe(1);
  expect(await serverStatus(orderId)).toBe('processing');

  await local.outbox.clear();
  await local.meta.put({ key: SW_TOKEN_META_KEY, value: token });
  expect(await flushOutboxFromWorker(fetch, { db: local, baseUrl: t.url })).toBeNull();
  expect(await local.meta.get(SW_TOKEN_META_KEY)).toBeUndefined();
});

it('stops retrying and forgets the token when the server refuses it (401)', async () => {
  await queueChangeAsThePageWould();
  await local.meta.put({ key: SW_TOKEN_META_KEY, value: 'not-a-valid-token' });
  const outcome = await flushOutboxFromWorker(fetch, { db: local, baseUrl: t.url });
  expect(outcome).toMatchObject({ ok: false, status: 401 });
  expect(await local.outbox.count()).toBe(1);
  expect(await local.meta.get(SW_TOKEN_META_KEY)).toBeUndefined();
});

it('keeps retrying within the sync event while the server does not answer, and pushes once it does', async () => {
  const orderId = await queueChangeAsThePageWould();
  let healed = false;
  let attempts = 0;
  // Lie-fi: the browser is online, the server out of reach, until the third attempt.
  const lieFi = ((input: RequestInfo | URL, init?: RequestInit) => {
    attempts++;
    if (attempts === 3) healed = true;
    return healed ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  const outcome = await flushOutboxWithRetries(lieFi, { db: local, baseUrl: t.url, delaysMs: [10], windowMs: 60_000, online: () => true });
  expect(outcome).toMatchObject({ ok: true, pushed: 1 });
  expect(attempts).toBe(3);
  expect(await serverStatus(orderId)).toBe('printed');
});

it('leaves the retry to the browser once the event has used its time, or when offline', async () => {
  await queueChangeAsThePageWould();
  const down = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await expect(flushOutboxWithRetries(down, { db: local, baseUrl: t.url, delaysMs: [10], windowMs: 50, online: () => true })).rejects.toBeInstanceOf(RetryLater);
  await expect(flushOutboxWithRetries(down, { db: local, baseUrl: t.url, delaysMs: [10], windowMs: 60_000, online: () => false })).rejects.toBeInstanceOf(RetryLater);
  expect(await local.outbox.count()).toBe(1);
});
