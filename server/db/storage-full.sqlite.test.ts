import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { STORAGE_FAULT_WINDOW_MS } from '../health/storage-faults';

/**
 * With the disk full, `POST /api/analytics/events` and `PATCH /api/orders/:id/status`
 * answered 500 (SQLite ended the transaction itself, and the rollback's "no transaction is active"
 * hid the cause) and /api/health said 200. SQLite's own limit on the file's pages gives the same
 * SQLITE_FULL a full disk gives, without root (the real tmpfs run: server/soak/disk-full.soak.ts).
 */
let t: TestApp;
let clock = Date.now();
let adminToken: string;
const orderIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminToken = (await createUserWithToken(t, 'admin')).token;
  for (let i = 0; i < 40; i++) orderIds.push((await createTestOrder(t.app.context.db)).id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const setPageLimit = (pages: number) => sql.raw(`pragma max_page_count = ${pages}`).execute(t.app.context.db);

it('answers 503 STORAGE_UNAVAILABLE on every write, never 500, and health says so until writes succeed again', async () => {
  const { rows } = await sql.raw<{ page_count: number }>('pragma page_count').execute(t.app.context.db);
  await setPageLimit(rows[0]!.page_count);
  try {
    const writes = [
      (i: number) => t.request('POST', '/api/analytics/events', { body: { type: 'purchase', visitorId: `visitor-${i}`, orderNumber: `VP-${i}`, value: 5.95 } }),
      (i: number) => t.request('PATCH', `/api/orders/${orderIds[i % orderIds.length]}/status`, { body: { status: i % 2 ? 'printed' : 'pending' }, token: adminToken }),
    ];
    for (const write of writes) {
      const statuses: number[] = [];
      for (let i = 0; i < 400 && !statuses.includes(503); i++) {
        const answer = await write(i);
        statuses.push(answer.status);
        expect(answer.status < 500 || answer.status === 503, `${answer.status} ${answer.text}`).toBe(true);
        if (answer.status === 503) {
          expect(answer.body.code).toBe('STORAGE_UNAVAILABLE');
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toContain(503);
    }
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.db).toBe('unwritable');
  } finally {
    await setPageLimit(1_000_000_000);
  }
  // Still unwritable for health until a write succeeds or the Retry-After window passes.
  expect((await t.request('GET', '/api/health')).status).toBe(503);
  clock += STORAGE_FAULT_WINDOW_MS;
  expect((await t.request('GET', '/api/health')).status).toBe(200);
  expect((await t.request('POST', '/api/analytics/events', { body: { type: 'purchase', visitorId: 'after', value: 5.95 } })).status).toBe(202);
});
