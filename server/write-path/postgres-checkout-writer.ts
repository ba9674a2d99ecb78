import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database';
import { assignChangeSeqs, stagedOrderParts, type StagedOrder } from '../orders/order-batch.repository';
import { stagedOrderRows } from '../orders/order.repository';
import { planTestGatewayCheckout } from '../payments/checkout.plan';
import { storedAnswerOrConflict, type ChargeAndPlaceOrder, type CheckoutOutcome } from '../payments/checkout.transaction';
import type { PaymentIntentRow, PaymentIntentTable } from '../payments/payment.table';
import { orderConfirmationRow } from '../mail/mail-outbox';
import { createBatcher, type Request } from './batcher';
import { insertMany, insertManyAtOnce, type InsertPart } from '../db/multi-insert';
import type { Logger } from '../http/logger';
import { logBatchFallback } from './batch-fallback';

const INTENTS_BY_KEY = 'select * from payment_intents where idempotency_key = any($1::text[])';

export interface PostgresCheckoutWriterOptions {
  concurrency?: number;
  maxBatch?: number;
  /** Requests that must wait before a second batch starts beside a running one (batcher.ts). */
  minToOverlap?: number;
  /**
   * Runs one checkout on its own (the general one-transaction checkout): for the checkouts of a
   * batch that could not commit as a whole (a key taken by another process meanwhile, a deadlock).
   */
  alone: (input: ChargeAndPlaceOrder) => Promise<CheckoutOutcome>;
  /** Where a batch that falls back to smaller pieces is reported (batch-fallback.ts). */
  logger: Logger;
}

/**
 * The one-transaction test-gateway checkout on PostgreSQL, many checkouts per transaction: one
 * statement writes every ledger charge, order (taking the change sequence), item, history row,
 * confirmation mail (the outbox of issue 16) and shop intent (server/db/multi-insert.ts), and is its
 * own transaction. If one of the batch's Idempotency-Keys has answered before (a retry), that
 * statement fails whole and the batch takes four round trips: BEGIN; one look-up of all its keys;
 * the statement; COMMIT. Each checkout's outcome is the one it would have had alone: a key that
 * already answered gets its stored answer (or `reused`/`taken`) and writes nothing. If another
 * process inserted one of the keys after the look-up, the statement skips that intent, the batch
 * rolls back and every checkout of it runs alone, where the key is found. Per order this replaced
 * ten round trips and a commit.
 */
export function createPostgresCheckoutWriter(db: Db, options: PostgresCheckoutWriterOptions) {
  const batcher = createBatcher<ChargeAndPlaceOrder, CheckoutOutcome>(runBatch, {
    concurrency: options.concurrency ?? 3,
    // One statement per batch costs about the same for 2 orders as for 20 (docs/benchmarks/scale.md).
    minToOverlap: options.minToOverlap ?? 8,
    maxBatch: options.maxBatch ?? 64,
  });

  async function runBatch(batch: Request<ChargeAndPlaceOrder, CheckoutOutcome>[]): Promise<void> {
    const inputs = batch.map((request) => request.input);
    // The usual case first; a key that has answered before (a retry) or a colliding order number
    // fails that statement whole, and the batch goes the way that looks its keys up.
    // The first fallback is every keyed retry's way, so it is not logged.
    const outcomes =
      (await writeAtOnce(inputs).catch(() => null)) ??
      (await writeBatch(inputs).catch((error: unknown) => {
        logBatchFallback(options.logger, 'test-gateway checkout', inputs.length, 'each checkout alone', error);
        return null;
      }));
    if (outcomes) {
      batch.forEach((request, index) => request.resolve(outcomes[index]!));
      return;
    }
    await Promise.all(batch.map((request) => options.alone(request.input).then(request.resolve, request.reject)));
  }

  /** Every checkout of the batch written as new, each as it would be alone. */
  function planNew(inputs: ChargeAndPlaceOrder[], known: Map<string, PaymentIntentRow>) {
    const outcomes: CheckoutOutcome[] = [];
    const staged: StagedOrder[] = [];
    const ledger: object[] = [];
    const intents: PaymentIntentTable[] = [];
    const mails: object[] = [];
    for (const input of inputs) {
      const found = input.idempotencyKey ? storedAnswerOrConflict(known.get(input.intentKey), input.requestHash) : undefined;
      if (found) {
        outcomes.push(found);
        continue;
      }
      const plan = planTestGatewayCheckout(input);
      let order = null;
      if (plan.order) {
        const rows = stagedOrderRows(plan.order, input.now);
        staged.push(rows);
        order = rows.order;
        // The confirmation is queued in the order's transaction, as the one-checkout path does.
        if (input.mail) mails.push(orderConfirmationRow(order, input.now));
      }
      const settled = plan.settle(order);
      ledger.push(plan.ledger);
      intents.push(settled.intent);
      outcomes.push(settled.answer);
    }
    const parts: InsertPart[] = [
      { table: 'test_gateway_intents', rows: ledger },
      ...stagedOrderParts(staged),
      { table: 'mail_outbox', rows: mails },
      { table: 'payment_intents', rows: intents, skipConflicts: true },
    ];
    return { outcomes, staged, parts, intents };
  }

  /** The batch as new checkouts, in one statement that is its own transaction (one round trip). */
  async function writeAtOnce(inputs: ChargeAndPlaceOrder[]): Promise<CheckoutOutcome[]> {
    const { outcomes, staged, parts } = planNew(inputs, new Map());
    // No part skips conflicts here: a key that has answered before fails the statement whole.
    const { seqs } = await insertManyAtOnce(db, parts.map((part) => ({ ...part, skipConflicts: false })));
    assignChangeSeqs(staged, seqs);
    return outcomes;
  }

  async function writeBatch(inputs: ChargeAndPlaceOrder[]): Promise<CheckoutOutcome[]> {
    const trx = await db.startTransaction().execute();
    try {
      const keys = inputs.filter((input) => input.idempotencyKey).map((input) => input.intentKey);
      const known = new Map<string, PaymentIntentRow>();
      if (keys.length > 0) {
        const { rows } = await trx.executeQuery<PaymentIntentRow>(CompiledQuery.raw(INTENTS_BY_KEY, [keys]));
        for (const row of rows) known.set(row.idempotency_key!, row);
      }
      const { outcomes, staged, parts, intents } = planNew(inputs, known);
      const { seqs, insertedIds } = await insertMany(trx, parts);
      if (insertedIds.at(-1)!.length !== intents.length) throw new Error('an Idempotency-Key of the batch was taken meanwhile');
      assignChangeSeqs(staged, seqs);
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
  }

  return { run: (input: ChargeAndPlaceOrder) => batcher.submit(input) };
}
