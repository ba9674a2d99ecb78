import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { toDollars } from '../../shared/money';
import { createIntentSchema } from '../../shared/schemas/order';
import { confirmPaymentSchema, refundSchema } from '../../shared/schemas/payment';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { validate } from '../http/validate';
import { readIdempotencyKey } from '../idempotency/idempotency';
import { createCheckoutRoutes } from './checkout.routes';
import { createOrderPlacementRoutes } from './order-placement.routes';
import { confirmPayment, createIntentFor, paymentsConfigOf } from './payment-intent.service';
import { refundPayment } from './refund.service';
import { reconcileIntents, type Payments } from './payment.service';
import { createWebhookRoutes } from './payment.webhook';

/** The payments API of design.md §3: config, methods, intents, confirm, refund, webhook, orders, checkout. */
export function createPaymentRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();

  router.get(routerPath('paymentsConfig'), (ctx) => {
    ctx.body = paymentsConfigOf(payments);
  });

  router.get(routerPath('paymentMethods'), (ctx) => {
    ctx.body = { methods: ['card'] };
  });

  router.post(routerPath('createIntent'), async (ctx) => {
    const key = readIdempotencyKey(ctx);
    const payload = validate(createIntentSchema, ctx.request.body);
    ctx.body = await createIntentFor(payments, payload, ctx.state.user?.id ?? null, key);
  });

  router.post(routerPath('confirmPayment'), async (ctx) => {
    const { paymentIntentId, paymentMethodId } = validate(confirmPaymentSchema, ctx.request.body);
    const answer = await confirmPayment(payments, paymentIntentId, paymentMethodId);
    ctx.status = answer.status;
    ctx.body = answer.body;
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
  router.use(createOrderPlacementRoutes(payments).routes());
  router.use(createCheckoutRoutes(app, payments).routes());
  return router;
}

/** Start-up reconciliation: paid intents without an order (crash, closed browser) get their order. */
export async function runPaymentStartupTasks(payments: Payments): Promise<void> {
  await reconcileIntents(payments);
}
