import { describe, expect, it } from 'vitest';
import { DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import { buildSnapshot, pendingIntentRow, priceCart } from '../payments/payment.snapshot';
import { cartPayload } from '../payments/payment.test-support';
import { useMigratedPostgres } from '../test/migrated-postgres';
import { createPostgresWriteQueue } from '../write-path/postgres-group-commit';
import { pendingIntentWrites } from './checkout.service';
import { paidOrderWrites, type PaidIntent } from './paid-order';

const database = useMigratedPostgres();

const snapshotOf = (quantities: number[]) => {
  const payload = cartPayload(quantities);
  return buildSnapshot(payload, priceCart(payload, DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS, null), null);
};

/** Stores `count` pending checkout intents in one batch, as concurrent checkouts do before their charges. */
async function storePending(writes: ReturnType<typeof createPostgresWriteQueue>, label: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => pendingIntentRow('stripe', snapshotOf([1, index + 1]), `checkout:${label}-${index}`, 'usd', 1_000 + index));
  const known = await Promise.all(rows.map((row) => writes.runBatched(pendingIntentWrites, row)));
  return { rows, known };
}

describe('the checkout writes of one PostgreSQL batch, together', () => {
  it('stores the pending intents, then writes each paid order with its items, history, mail, link and answer', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const { rows, known } = await storePending(writes, 'together', 6);
    expect(known).toEqual(rows.map(() => null));

    const paid = rows.map((row, index): PaidIntent => ({ intentId: `pi_together_${index}`, pendingId: row.id, snapshot: JSON.parse(row.snapshot), source: 'checkout', now: 2_000 + index, mail: true }));
    const written = await Promise.all(paid.map((one, index) => writes.runBatched(paidOrderWrites, { paid: one, alsoOnIntent: () => ({ answer_status: 201, answer_body: `{"n":${index}}`, request_hash: `hash-${index}` }) })));

    expect(written.every((result) => result.created)).toBe(true);
    expect(new Set(written.map((result) => result.order.order_number)).size).toBe(6);
    expect(new Set(written.map((result) => result.order.change_seq)).size).toBe(6);
    for (const [index, { order }] of written.entries()) {
      expect(order.payment_intent_id).toBe(`pi_together_${index}`);
      const intent = await database.db.selectFrom('payment_intents').selectAll().where('id', '=', `pi_together_${index}`).executeTakeFirstOrThrow();
      expect(intent).toMatchObject({ status: 'succeeded', order_id: order.id, answer_status: 201, answer_body: `{"n":${index}}`, request_hash: `hash-${index}`, updated_at: 2_000 + index });
      expect(await database.db.selectFrom('order_items').select('line_no').where('order_id', '=', order.id).execute()).toHaveLength(2);
      expect(await database.db.selectFrom('order_history').select('order_id').where('order_id', '=', order.id).execute()).toHaveLength(1);
      expect(await database.db.selectFrom('mail_outbox').select('mail_key').where('order_id', '=', order.id).execute()).toEqual([{ mail_key: 'confirmation' }]);
    }
    expect(await database.db.selectFrom('payment_intents').select('id').where('id', 'in', rows.map((row) => row.id)).execute()).toEqual([]);
  });

  it('tells a batch member whose key is stored already the record under it, and stores the rest', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const first = await storePending(writes, 'again', 1);
    const retried = pendingIntentRow('stripe', snapshotOf([1]), 'checkout:again-0', 'usd', 5_000);
    const fresh = pendingIntentRow('stripe', snapshotOf([2]), 'checkout:again-new', 'usd', 5_000);
    const [found, stored] = await Promise.all([writes.runBatched(pendingIntentWrites, retried), writes.runBatched(pendingIntentWrites, fresh)]);
    expect(found?.id).toBe(first.rows[0]!.id);
    expect(stored).toBeNull();
    expect(await database.db.selectFrom('payment_intents').select('id').where('id', '=', fresh.id).executeTakeFirst()).toBeDefined();
  });

  it('writes one order when the checkout and the webhook of one payment land in the same batch', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const { rows } = await storePending(writes, 'twice', 2);
    const snapshot = JSON.parse(rows[0]!.snapshot);
    const checkout: PaidIntent = { intentId: 'pi_twice', pendingId: rows[0]!.id, snapshot, source: 'checkout', now: 3_000, mail: true };
    const webhook: PaidIntent = { intentId: 'pi_twice', snapshot, source: 'system', now: 3_001, mail: true };
    const other: PaidIntent = { intentId: 'pi_twice_other', pendingId: rows[1]!.id, snapshot: JSON.parse(rows[1]!.snapshot), source: 'checkout', now: 3_002, mail: true };
    const [fromCheckout, fromWebhook, fromOther] = await Promise.all([checkout, webhook, other].map((paid) => writes.runBatched(paidOrderWrites, { paid })));
    expect(fromCheckout!.order.id).toBe(fromWebhook!.order.id);
    expect([fromCheckout!.created, fromWebhook!.created]).toEqual([true, false]);
    expect(fromOther!.created).toBe(true);
    expect(await database.db.selectFrom('orders').select('id').where('payment_intent_id', '=', 'pi_twice').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('mail_outbox').select('order_id').where('order_id', '=', fromCheckout!.order.id).execute()).toHaveLength(1);
  });
});
