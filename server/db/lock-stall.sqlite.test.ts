import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { checkoutBody, countRows } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let other: SQLite.Database;
let adminToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const dist = path.join(path.dirname(t.dbPath), 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Villa Prints</title>');
  // Another process's connection to the same file (a backup tool, a second server, sqlite3 CLI).
  other = new SQLite(t.dbPath);
  other.pragma('busy_timeout = 0');
});
afterAll(async () => {
  if (other?.inTransaction) other.exec('rollback');
  other?.close();
  await t?.close();
});

const errorReports = async () => Number((await t.app.context.db.selectFrom('error_reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('another process holding the SQLite write lock', () => {
  it('answers reads, static files and health at once while a write waits, then the write 503s with Retry-After', async () => {
    other.exec('begin immediate');
    try {
      const finished: string[] = [];
      const track = <T>(label: string, work: Promise<T>) => work.then((value) => (finished.push(label), value));
      const write = track('write', t.request('POST', '/api/errors', { body: { message: 'Boom during a lock' } }));
      const reads = await Promise.all([
        track('orders', t.request('GET', '/api/orders', { token: adminToken })),
        track('colors', t.request('GET', '/api/products/colors')),
        track('shell', t.request('GET', '/checkout')),
        track('health', t.request('GET', '/api/health')),
      ]);
      const written = await write;
      expect(reads.map((response) => response.status)).toEqual([200, 200, 200, 503]);
      // Every read was answered before the waiting write gave up: none of them waited for the lock.
      // (Health writes, so it waits for the lock as briefly as the write does.)
      expect(finished.slice(0, 3).sort()).toEqual(['colors', 'orders', 'shell']);
      expect(reads[3]!.body).toMatchObject({ status: 'unavailable', db: 'locked', code: 'DB_UNAVAILABLE' });

      expect(written.status).toBe(503);
      expect(written.body).toMatchObject({ code: 'DB_BUSY', error: expect.any(String) });
      expect(Number(written.headers.get('retry-after'))).toBeGreaterThan(0);

      const checkout = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') });
      expect(checkout.status).toBe(503);
      expect(checkout.body).toMatchObject({ success: false, code: 'DB_BUSY' });
      expect(checkout.headers.get('retry-after')).toBeTruthy();
    } finally {
      other.exec('rollback');
    }
    expect(await errorReports()).toBe(0);
    expect(await countRows(t, 'orders')).toBe(0);
    expect(await countRows(t, 'test_gateway_intents')).toBe(0);

    // The lock released: the same requests go through.
    expect((await t.request('POST', '/api/errors', { body: { message: 'Boom after the lock' } })).status).toBe(202);
    expect((await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') })).status).toBe(201);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('gets a write through that the lock is released for in time', async () => {
    other.exec('begin immediate');
    setTimeout(() => other.exec('rollback'), 200);
    const written = await t.request('POST', '/api/errors', { body: { message: 'Boom, briefly locked' } });
    expect(written.status).toBe(202);
  });
});

describe('/api/health on a database that cannot be written', () => {
  it('answers 503 when the database is read-only, while reads still work', async () => {
    await t.app.context.db.executeQuery({ sql: 'pragma query_only = on', parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: 'ro' } as never });
    try {
      const health = await t.request('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'unavailable', db: 'unwritable' });
      expect((await t.request('GET', '/api/products/colors')).status).toBe(200);
      const report = await t.request('POST', '/api/errors', { body: { message: 'Boom, read-only' } });
      expect(report.status).toBe(503);
      expect(report.body.code).toBe('STORAGE_UNAVAILABLE');
    } finally {
      await t.app.context.db.executeQuery({ sql: 'pragma query_only = off', parameters: [], query: { kind: 'RawNode' } as never, queryId: { queryId: 'rw' } as never });
    }
    // Health says unwritable until a write succeeds again (its own probe is too small to tell).
    expect((await t.request('POST', '/api/errors', { body: { message: 'Writable again' } })).status).toBe(202);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });
});
