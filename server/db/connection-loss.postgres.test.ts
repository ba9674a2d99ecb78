import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestAppOnOwnPostgres } from '../test/test-app-on-postgres';
import { checkoutBody } from '../payments/payment.test-support';
import { storageErrorOf } from '../errors/storage-errors';
import { openDatabase } from './database';
import { insertOrder } from '../orders/order.repository';
import { newTestOrder } from '../orders/order.test-support';
import { changeHorizon } from '../orders/change-sequence.repository';
import { listChangedSince } from '../sync/sync.repository';

const own = useTestAppOnOwnPostgres();

describe('PostgreSQL going away (restart, failover) is a 503 to retry, never a crash or a 500', () => {
  it('a transaction whose connection the server ends fails with a 503 to retry, and the process and its pool carry on', async () => {
    const { db } = own.t.app.context;
    const trx = await db.startTransaction().execute();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    // What a restart does to a session between two statements of a transaction (57P01).
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const lost = await sql`select 1`.execute(trx).then(
      () => null,
      (error: unknown) => error,
    );
    await trx.rollback().execute().catch(() => undefined);

    expect(storageErrorOf(lost)).toMatchObject({ status: 503, code: 'DB_UNREACHABLE', retryAfterSeconds: 5 });
    // Had the lost connection's 'error' gone unheard, the process would have ended (vitest reports it as an unhandled error).
    const health = await own.t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('a writer that froze inside its transaction holds sync pulls up until PostgreSQL ends its session, not until TCP gives up', async () => {
    const { db, config } = own.t.app.context;
    expect((await sql<{ value: string }>`select current_setting('idle_in_transaction_session_timeout') as value`.execute(db)).rows[0]!.value).toBe('1min');
    // Another process's pool, with the timeout shortened through DATABASE_URL so the test need not wait a minute.
    const url = config.database.kind === 'postgres' ? config.database.url : '';
    const elsewhere = await openDatabase({ kind: 'postgres', url: `${url}?idle_in_transaction_session_timeout=300` });
    const frozen = await elsewhere.startTransaction().execute();
    try {
      const start = await changeHorizon(db);
      // Takes a change number, and with it the lock every pull waits on, then never goes on.
      await insertOrder(frozen, newTestOrder({ items: [{ text: 'Frozen' }] }));
      const written = await db.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Written' }] })));

      let answered = false;
      const pull = listChangedSince(db, start, 50).finally(() => (answered = true));
      // A third of the way to the session's end the pull still waits for the frozen writer.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      const pulled = await pull;

      // The frozen order never committed; the one written beside it is there, once.
      expect(pulled.map((row) => row.id)).toEqual([written.id]);
    } finally {
      // Hands the ended session's client back, so that the pool can close.
      await frozen.rollback().execute().catch(() => undefined);
      await elsewhere.destroy();
    }
  });

  it('while PostgreSQL refuses connections, a checkout answers 503 in the spec’s words with Retry-After, and health says the database is unavailable', async () => {
    await own.cluster.stop();

    const checkout = await own.t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1]), headers: { 'Idempotency-Key': 'while-postgres-is-down' } });
    expect(checkout.status).toBe(503);
    expect(checkout.body).toMatchObject({ success: false, code: 'DB_UNREACHABLE', error: 'Service temporarily unavailable. Please try again in a few moments.' });
    expect(checkout.headers.get('retry-after')).toBe('5');

    const health = await own.t.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', db: 'unavailable' });
  });
});
