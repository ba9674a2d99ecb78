import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { PaymentsConfig } from '../../shared/api/types';
import { routerPath } from '../../shared/api/routes';
import { toDollars } from '../../shared/money';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import { createIntentSchema } from '../../shared/schemas/order';
import { confirmPaymentSchema, refundSchema } from '../../shared/schemas/payment';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { HttpError, notFound } from '../errors/http-error';
import { validate } from '../http/validate';
import { readIdempotencyKey, singleFlight } from '../idempotency/idempotency';
import { createCheckoutRoutes } from './checkout.routes';
import { createOrderPlacementRoutes } from './order-placement.routes';
import { gatewayCall, pendingAnswer, toHttpError } from './payment.errors';
import { findPaymentIntent, updatePaymentIntent } from './payment.repository';
import { refundPayment } from './refund.service';
import { buildSnapshot, priceCart } from './payment.snapshot';
import { isPaidInFull, openIntent, reconcileIntents, settleIntent, type Payments } from './payment.service';
import { CardDeclinedError, GatewayRequestError } from './gateway';
import { createWebhookRoutes } from './payment.webhook';

/**
 * A paid intent whose client never posts its order (closed tab) gets the order from its snapshot
 * this long after the confirm; the webhook and start-up reconciliation cover a crash.
 */
const SETTLE_AFTER_CONFIRM_MS = 2 * 60 * 1000;

function scheduleSettle(payments: Payments, intentId: string): void {
  const timer = setTimeout(() => {
    settleIntent(payments, intentId, 'system').catch((error: unknown) =>
      payments.app.logger.debug('deferred settle failed', { intentId, error: String(error) }),
    );
  }, SETTLE_AFTER_CONFIRM_MS);
  timer.unref();
}

/** The payments API of design.md §3: config, methods, intents, confirm, refund, webhook, orders, checkout. */
export function createPaymentRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();
  const { gateway, writes } = payments;

  router.get(routerPath('paymentsConfig'), (ctx) => {
    const body: PaymentsConfig = {
      provider: gateway.provider,
      currency: PAYMENT_CURRENCY,
      freeShippingThreshold: toDollars(app.config.freeShippingThresholdCents),
      shopTimeZone: app.config.shopTimeZone,
    };
    if (gateway.publishableKey) body.publishableKey = gateway.publishableKey;
    ctx.body = body;
  });

  router.get(routerPath('paymentMethods'), (ctx) => {
    ctx.body = { methods: ['card'] };
  });

  router.post(routerPath('createIntent'), async (ctx) => {
    const key = readIdempotencyKey(ctx);
    const payload = validate(createIntentSchema, ctx.request.body);
    const totals = priceCart(payload, app.config.freeShippingThresholdCents);
    const snapshot = buildSnapshot(payload, totals, ctx.state.user?.id ?? null);
    const intentKey = `create-intent:${key ?? randomUUID()}`;
    const intent = await singleFlight(intentKey, () => gatewayCall(openIntent(payments, snapshot, intentKey)));
    const clientSecret = intent.clientSecret !== undefined ? intent.clientSecret : (await gatewayCall(gateway.retrieveIntent(intent.id)))?.clientSecret;
    ctx.body = { id: intent.id, clientSecret: clientSecret ?? null, amount: intent.amount_cents, currency: intent.currency, status: intent.status };
  });

  router.post(routerPath('confirmPayment'), async (ctx) => {
    const { paymentIntentId, paymentMethodId } = validate(confirmPaymentSchema, ctx.request.body);
    const local = await findPaymentIntent(app.db, paymentIntentId);
    if (!local) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
    try {
      const intent = await gateway.confirmIntent(paymentIntentId, paymentMethodId);
      if (!local.order_id) await writes.run((trx) => updatePaymentIntent(trx, local.id, { status: intent.status, updated_at: app.now() }));
      if (intent.status === 'succeeded' && !local.order_id) scheduleSettle(payments, local.id);
      if (intent.status === 'processing') {
        // Not a failure: the webhook writes the order when the bank settles (payment.errors.ts).
        const { status, body } = pendingAnswer(intent.id);
        ctx.status = status;
        ctx.body = { id: intent.id, status: intent.status, pending: true, code: body.code, error: body.error };
        return;
      }
      ctx.body = { id: intent.id, status: intent.status };
    } catch (error) {
      // A retried confirm of an intent that already succeeded is refused by Stripe: the gateway's
      // record decides, so a shopper whose first answer was lost is not told the card failed.
      if (error instanceof GatewayRequestError && error.status < 500) {
        const remote = await gateway.retrieveIntent(paymentIntentId).catch(() => undefined);
        if (isPaidInFull(local, remote)) {
          if (!local.order_id) scheduleSettle(payments, local.id);
          ctx.body = { id: paymentIntentId, status: 'succeeded' };
          return;
        }
      }
      const failure = toHttpError(error);
      // Only a decline is known to have failed; a gateway outage leaves the outcome open.
      if (error instanceof CardDeclinedError && failure instanceof HttpError && !local.order_id) {
        await writes.run((trx) =>
          updatePaymentIntent(trx, local.id, { status: 'requires_payment_method', last_error_code: failure.code, updated_at: app.now() }),
        );
      }
      throw failure;
    }
  });

  router.post(routerPath('refund'), requireAdmin, async (ctx) => {
    const { paymentIntentId, amount } = validate(refundSchema, ctx.request.body);
    const user = ctx.state.user;
    const refund = await refundPayment(payments, {
      paymentIntentId,
      amount,
      clientKey: readIdempotencyKey(ctx),
      actor: { id: user?.id ?? null, name: user ? `${user.firstName} ${user.lastName}` : null },
    });
    ctx.body = { refund: { id: refund.id, amount: toDollars(refund.amountCents), status: refund.status } };
  });

  router.use(createWebhookRoutes(app, payments).routes());
  router.use(createOrderPlacementRoutes(app, payments).routes());
  router.use(createCheckoutRoutes(app, payments).routes());
  return router;
}

/** Start-up reconciliation: paid intents without an order (crash, closed browser) get their order. */
export async function runPaymentStartupTasks(payments: Payments): Promise<void> {
  await reconcileIntents(payments);
}
