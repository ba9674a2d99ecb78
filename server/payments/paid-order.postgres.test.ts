import { describe, expect, it } from 'vitest';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { useMigratedPostgres } from '../test/migrated-postgres';
import { writePaidOrder, type PaidIntent } from './paid-order';
import { insertPaymentIntentOrFindKey } from './payment.repository';
import { buildSnapshot, pendingIntentRow, priceCart } from './payment.snapshot';
import { cartPayload } from './payment.test-support';

/**
 * Paid orders on PostgreSQL, whose transactions run side by side (one pool's connections stand for
 * several server processes): each payment gets one order, whoever writes it.
 */
const database = useMigratedPostgres();

const snapshotOf = (quantities: number[]) => {
  const payload = cartPayload(quantities);
  return buildSnapshot(payload, priceCart(payload, DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS, null), null);
};

const storePending = (key: string, quantities: number[]) =>
  database.db.transaction().execute(async (trx) => {
    const row = pendingIntentRow('stripe', snapshotOf(quantities), key, 'usd', 1_000);
    return { row, found: await insertPaymentIntentOrFindKey(trx, row) };
  });

describe('a paid order on PostgreSQL', () => {
  it('is written with its items, history, mail, payment link and stored answer in one transaction', async () => {
    const { row } = await storePending('checkout:whole', [1, 2]);
    const paid: PaidIntent = { intentId: 'pi_whole', pendingId: row.id, snapshot: JSON.parse(row.snapshot), source: 'checkout', now: 2_000, mail: true };
    const { order, created } = await database.db.transaction().execute((trx) => writePaidOrder(trx, paid, () => ({ answer_status: 201, answer_body: '{"n":1}', request_hash: 'hash-1' })));

    expect(created).toBe(true);
    expect(order.payment_intent_id).toBe('pi_whole');
    const intent = await database.db.selectFrom('payment_intents').selectAll().where('id', '=', 'pi_whole').executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: 'succeeded', order_id: order.id, answer_status: 201, answer_body: '{"n":1}', request_hash: 'hash-1', updated_at: 2_000 });
    expect(await database.db.selectFrom('order_items').select('line_no').where('order_id', '=', order.id).execute()).toHaveLength(2);
    expect(await database.db.selectFrom('order_history').select('order_id').where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect(await database.db.selectFrom('mail_outbox').select('mail_key').where('order_id', '=', order.id).execute()).toEqual([{ mail_key: 'confirmation' }]);
    // The pending record now carries the gateway's id.
    expect(await database.db.selectFrom('payment_intents').select('id').where('id', '=', row.id).execute()).toEqual([]);
  });

  it('stores one pending intent under a key sent twice at once, and tells the other request of it', async () => {
    const [first, second] = await Promise.all([storePending('checkout:twice-key', [1]), storePending('checkout:twice-key', [1])]);
    const stored = [first, second].filter((attempt) => attempt.found === null);
    expect(stored).toHaveLength(1);
    const other = [first, second].find((attempt) => attempt.found !== null)!;
    expect(other.found!.id).toBe(stored[0]!.row.id);
  });

  it('is written once when the checkout and the webhook of one payment write it at the same time', async () => {
    const { row } = await storePending('checkout:race', [1]);
    const { row: otherRow } = await storePending('checkout:race-other', [3]);
    const snapshot = JSON.parse(row.snapshot);
    const checkout: PaidIntent = { intentId: 'pi_race', pendingId: row.id, snapshot, source: 'checkout', now: 3_000, mail: true };
    const webhook: PaidIntent = { intentId: 'pi_race', pendingId: row.id, snapshot, source: 'system', now: 3_001, mail: true };
    const other: PaidIntent = { intentId: 'pi_race_other', pendingId: otherRow.id, snapshot: JSON.parse(otherRow.snapshot), source: 'checkout', now: 3_002, mail: true };
    const [fromCheckout, fromWebhook, fromOther] = await Promise.all([checkout, webhook, other].map((paid) => database.db.transaction().execute((trx) => writePaidOrder(trx, paid))));

    expect(fromCheckout.order.id).toBe(fromWebhook.order.id);
    expect([fromCheckout.created, fromWebhook.created].sort()).toEqual([false, true]);
    expect(fromOther.created).toBe(true);
    expect(await database.db.selectFrom('orders').select('id').where('payment_intent_id', '=', 'pi_race').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('mail_outbox').select('order_id').where('order_id', '=', fromCheckout.order.id).execute()).toHaveLength(1);
  });
});
