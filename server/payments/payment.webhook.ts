import Router from '@koa/router';
import Stripe from 'stripe';
import { route } from '../http/typed-route';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../errors/http-error';
import type { Payments } from './payment.service';
import { applyWebhookEvent } from './webhook.service';

/** Seconds a signed webhook stays acceptable (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * POST /api/payments/webhook: Stripe's signature is checked on the raw body, then the event is
 * applied once (webhook.service.ts).
 */
export function createWebhookRoutes(app: AppContext, payments: Payments): Router {
  const router = new Router();

  route(router, 'webhook', async (ctx) => {
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

    const outcome = await applyWebhookEvent(payments, event);
    return { received: true, result: outcome };
  });
  return router;
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
