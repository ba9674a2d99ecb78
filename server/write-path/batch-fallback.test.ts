import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import type { Logger } from '../http/logger';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { checkoutBody, paidChargesOf } from '../payments/payment.test-support';
import { buildSnapshot, pendingIntentRow, priceCart } from '../payments/payment.snapshot';
import { chargeAndPlaceOrder, type ChargeAndPlaceOrder } from '../payments/checkout.transaction';
import { placeRemoteChargeOrder } from '../payments/remote-charge.transaction';
import type { PaymentIntentTable } from '../payments/payment.table';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { createWriteQueue } from './group-commit';
import { createPostgresCheckoutWriter } from './postgres-checkout-writer';
import { createRemoteChargeWrites } from './remote-charge-writes';
import { runWriterJob } from './writer-jobs';

let cluster: TemporaryPostgres;
let db: Db;

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  db = await openDatabase({ kind: 'postgres', url: await cluster.createDatabase() });
  await migrateToLatest(db);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
});

/** A logger that keeps what it is told, as an operator's log would. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

const snapshotOf = (quantity: number) => {
  const body = checkoutBody('pm_card_visa', [quantity]);
  return buildSnapshot(body, priceCart(body, DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS), null);
};

describe('a PostgreSQL batch that cannot be written whole is written again in pieces, and says so', () => {
  const writes = () => createWriteQueue(db);

  it('Stripe writes: a record settled meanwhile by the webhook is an expected cause, logged at info; both orders are written', async () => {
    const queue = writes();
    const { logger, lines } = recordingLogger();
    const remote = createRemoteChargeWrites(db, (job) => queue.run((trx) => runWriterJob(trx, job, () => undefined)), logger);
    const records = [1, 2].map((n) => pendingIntentRow('stripe', snapshotOf(n), `checkout:fallback-${n}`, PAYMENT_CURRENCY, Date.now()));
    expect(await Promise.all(records.map((row) => remote.storePending(row)))).toEqual([null, null]);
    expect(lines).toEqual([]);

    const charges = paidChargesOf(records, 'fallback');
    await queue.run((trx) => placeRemoteChargeOrder(trx, { ...charges[0]!, idempotencyKey: null }));
    const answers = await Promise.all(charges.map((charge) => remote.placeOrder(charge)));

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(lines).toEqual([
      { level: 'info', msg: 'batch written again in smaller pieces', fields: expect.objectContaining({ writer: 'Stripe checkout writes', jobs: 2, code: 'P0001' }) },
    ]);
  });

  it('Stripe writes: any other failure is logged at warn with its code; the bad write fails alone and the good one is stored', async () => {
    const queue = writes();
    const { logger, lines } = recordingLogger();
    const remote = createRemoteChargeWrites(db, (job) => queue.run((trx) => runWriterJob(trx, job, () => undefined)), logger);
    const good = pendingIntentRow('stripe', snapshotOf(1), 'checkout:fallback-good', PAYMENT_CURRENCY, Date.now());
    // A record without its amount (a bug upstream): PostgreSQL refuses it, not_null_violation.
    const bad = { ...pendingIntentRow('stripe', snapshotOf(2), 'checkout:fallback-bad', PAYMENT_CURRENCY, Date.now()), amount_cents: null } as unknown as PaymentIntentTable;

    const [stored, refused] = await Promise.allSettled([remote.storePending(good), remote.storePending(bad)]);

    expect(stored).toEqual({ status: 'fulfilled', value: null });
    expect(refused.status).toBe('rejected');
    expect(lines).toEqual([
      { level: 'warn', msg: 'batch statement failed; written again in smaller pieces', fields: expect.objectContaining({ writer: 'Stripe checkout writes', jobs: 2, code: '23502' }) },
    ]);
    const keys = await db.selectFrom('payment_intents').select('idempotency_key').where('idempotency_key', 'in', ['checkout:fallback-good', 'checkout:fallback-bad']).execute();
    expect(keys.map((row) => row.idempotency_key)).toEqual(['checkout:fallback-good']);
  });

  it('test-gateway checkouts: a keyed retry is not logged; a batch that fails on its look-up path too is logged and each checkout runs alone', async () => {
    const queue = writes();
    const { logger, lines } = recordingLogger();
    const alone = (input: ChargeAndPlaceOrder) => queue.run((trx) => chargeAndPlaceOrder(trx, input, () => undefined));
    const writer = createPostgresCheckoutWriter(db, { alone, logger });
    const checkout = (key: string, now = Date.now()): ChargeAndPlaceOrder => ({
      snapshot: snapshotOf(1),
      intentKey: `checkout:${key}`,
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: key,
      requestHash: `hash-${key}`,
      now,
      mail: false,
    });
    const first = await writer.run(checkout('gateway-retried'));
    // The retry fails the one-statement path (its key is taken) and is answered on the look-up path.
    expect(await writer.run(checkout('gateway-retried'))).toEqual(first);
    expect(lines).toEqual([]);

    // A clock that gives no time (a bug upstream): every path refuses it, not_null_violation.
    const [placed, refused] = await Promise.allSettled([writer.run(checkout('gateway-good')), writer.run(checkout('gateway-bad', Number.NaN))]);
    expect(placed).toMatchObject({ status: 'fulfilled', value: { status: 201 } });
    expect(refused.status).toBe('rejected');
    expect(lines).toEqual([
      { level: 'warn', msg: 'batch statement failed; written again in smaller pieces', fields: expect.objectContaining({ writer: 'test-gateway checkout', jobs: 2, code: '23502' }) },
    ]);
  });
});
