import Router from '@koa/router';
import Stripe from 'stripe';
import { routerPath } from '../../shared/api/routes';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../errors/http-error';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { SHOP_INTENT_METADATA_KEY } from './gateway';
import { adoptGatewayIntent, findPaymentIntent, recordWebhookEvent, updatePaymentIntent } from './payment.repository';
import { isPendingIntent } from './payment.snapshot';
import type { PaymentIntentRow } from './payment.table';
import { createOrderForIntent, parseSnapshot, type Payments } from './payment.service';
import { applyRefundEvent } from './refund.webhook';

/** Seconds a signed webhook stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /api/payments/webhook: Stripe's signature is checked on the raw body; each event id is
 * applied once (stored in the same transaction as its effect); payment_intent.succeeded writes the
 * missing order from the stored cart snapshot.
 */
export function createWebhookRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();

  router.post(routerPath('webhook'), async (ctx) => {
    const stripeConfig = app.config.stripe;
    if (!stripeConfig) throw notFound('Webhooks are only used with Stripe, which is not configured.');
    const signature = ctx.get('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('missing signature');
      event = Stripe.webhooks.constructEvent(ctx.request.rawBody ?? Buffer.alloc(0), signature, stripeConfig.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw badRequest('Invalid or expired webhook signature.', 'INVALID_SIGNATURE');
    }
    // A correct signature proves who sent the body, not that it is an event we can read.
    if (!isReadableEvent(event)) throw badRequest('The webhook event is not a well-formed Stripe event.', 'INVALID_EVENT');

    const outcome = await payments.writes.run(async (trx) => {
      if (!(await recordWebhookEvent(trx, { id: event.id, type: event.type, now: app.now() }))) return 'duplicate';
      const refundOutcome = await applyRefundEvent(trx, event, app.now());
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
        await createOrderForIntent(trx, app, local.id, parseSnapshot(local), 'system');
        return 'order_created';
      }
      if (typeof remote.status !== 'string') return 'ignored';
      if (!local.order_id) await updatePaymentIntent(trx, local.id, { status: remote.status, updated_at: app.now() });
      return 'status_updated';
    });
    ctx.status = 200;
    ctx.body = { received: true, result: outcome };
  });
  return router;
}

/**
 * An intent a checkout charged in one request names the shop's record in its metadata; if the
 * checkout did not get to give the record the intent's id (a crash after the charge), it happens here.
 */
async function adoptFromMetadata(trx: Transaction<Database>, remote: Stripe.PaymentIntent): Promise<PaymentIntentRow | undefined> {
  const pendingId = remote.metadata?.[SHOP_INTENT_METADATA_KEY];
  if (typeof pendingId !== 'string') return undefined;
  const pending = await findPaymentIntent(trx, pendingId);
  if (!pending || !isPendingIntent(pending)) return undefined;
  await adoptGatewayIntent(trx, pendingId, remote.id);
  return findPaymentIntent(trx, remote.id);
}

/** An event whose id, type and data object are there, with an id on objects we act on. */
function isReadableEvent(event: unknown): event is Stripe.Event {
  if (!event || typeof event !== 'object') return false;
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: { object?: unknown } };
  if (typeof id !== 'string' || !id || id.length > 255 || typeof type !== 'string' || !type) return false;
  const object = data && typeof data === 'object' ? data.object : undefined;
  if (!object || typeof object !== 'object') return false;
  const objectId = (object as { id?: unknown }).id;
  return typeof objectId === 'string' && objectId.length > 0 && objectId.length <= 255;
}
