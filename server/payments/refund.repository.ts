import { nextChangeSeq } from '../orders/change-sequence.repository';
import type { DbOrTrx } from '../db/transaction';
import { queueOrderUpdateMail } from '../mail/mail-outbox';
import type { PaymentRefundTable } from './payment.table';
import { refundStatusApplies } from './refund-status';

export type RefundRow = PaymentRefundTable;

/** Refund statuses after which no money goes back to the card (Stripe's `failed` and `canceled`). */
const UNDONE = new Set(['failed', 'canceled']);

export async function findRefund(db: DbOrTrx, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRefundByKey(db: DbOrTrx, idempotencyKey: string): Promise<RefundRow | undefined> {
  return db.selectFrom('payment_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export interface RefundActor {
  id: number | null;
  name: string | null;
}

/**
 * Adds a refund to its order as an order change: refunded amount and payment status, a new
 * version and change sequence, so the admin's sync pull sees it (design.md §4), and an entry in
 * the order's history naming the refund and its amount.
 */
export async function recordRefund(
  trx: DbOrTrx,
  refund: {
    id: string;
    paymentIntentId: string;
    orderId: string;
    amountCents: number;
    status: string;
    actor: RefundActor;
    idempotencyKey: string | null;
    requestHash: string | null;
    now: number;
    /** The `created` time (ms) of the Stripe event it was learnt from. */
    statusAt?: number;
    /** Whether the customer is mailed about it (false when mail is off, or a cancellation tells of it). */
    mail: boolean;
  },
  /** `system`: a refund made outside the shop (Stripe's dashboard), learnt from its webhook. */
  source: 'api' | 'system' = 'api',
): Promise<void> {
  await trx
    .insertInto('payment_refunds')
    .values({
      id: refund.id,
      payment_intent_id: refund.paymentIntentId,
      order_id: refund.orderId,
      amount_cents: refund.amountCents,
      status: refund.status,
      created_by_user_id: refund.actor.id,
      created_at: refund.now,
      idempotency_key: refund.idempotencyKey,
      request_hash: refund.requestHash,
      updated_at: null,
      status_at: refund.statusAt ?? null,
    })
    .execute();
  if (UNDONE.has(refund.status)) return;
  await changeRefundedAmount(trx, refund.orderId, refund.id, refund.amountCents, refund.actor, source, refund.now);
  await queueOrderUpdateMail(trx, refund.mail, refund.orderId, { kind: 'refund', refundId: refund.id, amountCents: refund.amountCents }, refund.now);
}

/** A refund first recorded from its webhook, given the key and the admin of the request that made it. */
export async function claimRefundRow(trx: DbOrTrx, id: string, claim: { idempotencyKey: string | null; requestHash: string; actor: RefundActor }): Promise<void> {
  await trx
    .updateTable('payment_refunds')
    .set({ idempotency_key: claim.idempotencyKey, request_hash: claim.requestHash, created_by_user_id: claim.actor.id })
    .where('id', '=', id)
    .where('idempotency_key', 'is', null)
    .execute();
}

/**
 * A refund's later status from Stripe (`refund.updated`, `refund.failed`), told by an event created
 * at `eventAt` (ms): applied only when it moves the refund forward (refund-status.ts), so events
 * arriving out of order end in the right state. A refund that failed or was cancelled gives its
 * amount back to the order, with a history entry saying so; the order is flagged for the admin
 * (`refund_failed_at`) and, when `mail`, the customer told.
 */
export async function applyRefundStatus(
  trx: DbOrTrx,
  refundId: string,
  status: string,
  now: number,
  eventAt: number = now,
  mail = false,
): Promise<'unknown_refund' | 'unchanged' | 'refund_updated'> {
  const refund = await findRefund(trx, refundId);
  if (!refund) return 'unknown_refund';
  if (!refundStatusApplies({ status: refund.status, statusAt: refund.status_at === null ? null : Number(refund.status_at) }, { status, eventAt })) return 'unchanged';
  await trx.updateTable('payment_refunds').set({ status, updated_at: now, status_at: eventAt }).where('id', '=', refundId).execute();
  const wasCounted = !UNDONE.has(refund.status);
  const counts = !UNDONE.has(status);
  if (wasCounted !== counts) {
    const delta = counts ? refund.amount_cents : -refund.amount_cents;
    await changeRefundedAmount(trx, refund.order_id, refund.id, delta, { id: null, name: 'Stripe' }, 'system', now);
    if (!counts) await queueOrderUpdateMail(trx, mail, refund.order_id, { kind: 'refund_failed', refundId: refund.id, amountCents: refund.amount_cents }, now);
  }
  return 'refund_updated';
}

async function changeRefundedAmount(trx: DbOrTrx, orderId: string, refundId: string, deltaCents: number, actor: RefundActor, source: 'api' | 'system', now: number) {
  const order = await trx.selectFrom('orders').select(['total_cents', 'refunded_cents', 'version', 'status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const refunded = Math.max(0, order.refunded_cents + deltaCents);
  const version = order.version + 1;
  const changeSeq = await nextChangeSeq(trx);
  await trx
    .updateTable('orders')
    .set({
      refunded_cents: refunded,
      payment_status: refunded <= 0 ? 'succeeded' : refunded >= order.total_cents ? 'refunded' : 'partially_refunded',
      // Money that did not go back flags the order until the admin makes the refund again.
      refund_failed_at: deltaCents < 0 ? now : null,
      version,
      change_seq: changeSeq,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .execute();
  await trx
    .insertInto('order_history')
    .values({
      order_id: orderId,
      version,
      from_status: order.status,
      to_status: order.status,
      tracking_number: null,
      changed_by_user_id: actor.id,
      changed_by_name: actor.name,
      source,
      mutation_id: null,
      changed_at: now,
      refund_id: refundId,
      refund_cents: deltaCents,
    })
    .execute();
}
