import Router from '@koa/router';
import { toDollars } from '../../shared/money';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin } from '../http/auth.guards';
import { reply, route } from '../http/typed-route';
import { idempotencyKeyFirst, readIdempotencyKey } from '../idempotency/idempotency';
import { createOrderPlacementRoutes } from './order-placement.routes';
import { confirmPayment, createIntentFor, paymentsConfigOf } from './payment-intent.service';
import { refundPayment } from './refund.service';
import { cancelOrder } from './order-cancel.service';
import type { Payments } from './payment.service';
import { createWebhookRoutes } from './payment.webhook';
import { limitDeclines, limitIntentsByAddress } from '../limits/decline-throttle';

/** The payments API of design.md §3: config, methods, intents, confirm, refund, cancel with refund, webhook, orders (checkout: server/checkout/). */
export function createPaymentRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();

  route(router, 'paymentsConfig', () => paymentsConfigOf(payments));

  route(router, 'paymentMethods', () => ({ methods: ['card'] }));

  route(router, 'createIntent', { before: [limitIntentsByAddress(app), idempotencyKeyFirst] }, (ctx, payload) =>
    createIntentFor(payments, payload, ctx.state.user?.id ?? null, readIdempotencyKey(ctx)),
  );

  route(router, 'confirmPayment', { before: [limitDeclines(app)] }, async (_ctx, { paymentIntentId, paymentMethodId }) => {
    const answer = await confirmPayment(payments, paymentIntentId, paymentMethodId);
    return reply(answer.status, answer.body);
  });

  route(router, 'refund', { before: [requireAdmin] }, async (ctx, { paymentIntentId, amount }) => {
    const user = ctx.state.user;
    const refund = await refundPayment(payments, {
      paymentIntentId,
      amount,
      clientKey: readIdempotencyKey(ctx),
      actor: { id: user?.id ?? null, name: user ? `${user.firstName} ${user.lastName}` : null },
    });
    return { refund: { id: refund.id, amount: toDollars(refund.amountCents), status: refund.status } };
  });

  route(router, 'cancelOrder', { before: [requireAdmin] }, async (ctx, input, { id }) => {
    ctx.set('Cache-Control', 'no-store');
    return cancelOrder(payments, currentUser(ctx), id, input);
  });

  router.use(createWebhookRoutes(app, payments).routes());
  router.use(createOrderPlacementRoutes(payments).routes());
  return router;
}
