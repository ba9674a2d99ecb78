import type Stripe from 'stripe';
import type { Trx } from '../db/transaction';
import { SHOP_INTENT_METADATA_KEY } from './gateway';
import { adoptGatewayIntent, findPaymentIntent, recordWebhookEvent, updatePaymentIntent } from './payment.repository';
import { isPendingIntent } from './payment.snapshot';
import type { PaymentIntentRow } from './payment.table';
import { createOrderForIntent, type Payments } from './payment.service';
import { prepareCutDesigns } from '../orders/cut-design-requests';
import { applyRefundEvent } from './refund.webhook';
import { mailQueueingOf } from '../mail/mail-outbox';
import { storableSnapshotOf } from './storable-snapshot';

/**
 * Applies one verified Stripe event, once: its id is stored in the same transaction as its effect.
 * payment_intent.succeeded writes the missing order from the stored cart snapshot; refund events
 * follow the refund (refund.webhook.ts); other intent events follow the intent's status.
 */
export async function applyWebhookEvent(payments: Payments, event: Stripe.Event): Promise<string> {
  const { app } = payments;
  let paidOrderId: string | null = null;
  const outcome = await app.db.transaction().execute(async (trx) => {
    if (!(await recordWebhookEvent(trx, { id: event.id, type: event.type, now: app.now() }))) return 'duplicate';
    const refundOutcome = await applyRefundEvent(trx, event, app.now(), mailQueueingOf(app.config));
    if (refundOutcome) return refundOutcome;
    if (!event.type.startsWith('payment_intent.')) return 'ignored';
    const remote = event.data.object as Stripe.PaymentIntent;
    const local = (await findPaymentIntent(trx, remote.id)) ?? (await adoptFromMetadata(trx, remote));
    if (!local) return 'unknown_intent';
    if (event.type === 'payment_intent.succeeded') {
      if (local.order_id) return 'order_exists';
      if (remote.amount_received !== local.amount_cents || remote.currency !== local.currency) {
        app.logger.error('webhook amount differs from the stored intent; no order written', { intentId: local.id });
        return 'amount_mismatch';
      }
      paidOrderId = (await createOrderForIntent(trx, app, local.id, await storableSnapshotOf(app, local, trx), 'system')).order.id;
      return 'order_created';
    }
    if (typeof remote.status !== 'string') return 'ignored';
    if (!local.order_id) await updatePaymentIntent(trx, local.id, { status: remote.status, updated_at: app.now() });
    return 'status_updated';
  });
  if (paidOrderId) prepareCutDesigns(app, [paidOrderId]);
  return outcome;
}

/**
 * An intent a checkout charged in one request names the shop's record in its metadata; if the
 * checkout did not get to give the record the intent's id (a crash after the charge), it happens here.
 */
async function adoptFromMetadata(trx: Trx, remote: Stripe.PaymentIntent): Promise<PaymentIntentRow | undefined> {
  const pendingId = remote.metadata?.[SHOP_INTENT_METADATA_KEY];
  if (typeof pendingId !== 'string') return undefined;
  const pending = await findPaymentIntent(trx, pendingId);
  if (!pending || !isPendingIntent(pending)) return undefined;
  await adoptGatewayIntent(trx, pendingId, remote.id);
  return findPaymentIntent(trx, remote.id);
}
