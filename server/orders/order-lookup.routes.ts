import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { ORDER_LOOKUP_MESSAGES, orderLookupSchema } from '../../shared/schemas/order-lookup';
import type { AppContext } from '../app-context';
import { notFound } from '../errors/http-error';
import { validate } from '../http/validate';
import { rateLimitStoreFor } from '../limits/anonymous-limits';
import { createRateLimit, refuseWhenLimited } from '../limits/rate-limit';
import { lookUpOrder } from './order.service';

/** design.md §7: 429 after 20 misses per address per 15 minutes. */
export const LOOKUP_MISSES_ALLOWED = 20;
export const LOOKUP_WINDOW_SECONDS = 15 * 60;

/**
 * POST /api/orders/lookup: a guest's order by its number and e-mail address. Any mismatch (wrong
 * number, wrong address, both) is the same 404 body, and costs the same: one probe of the order
 * number's unique index with the address compared in the same query. Misses are counted per
 * client address; once 20 are used up, even a right pair waits (429 with Retry-After), so the
 * throttle cannot be used to confirm a guess either.
 */
export function createOrderLookupRoutes(app: AppContext): Router {
  const router = new Router();
  const misses = createRateLimit({ name: 'order-lookup', points: LOOKUP_MISSES_ALLOWED, windowSeconds: LOOKUP_WINDOW_SECONDS, store: rateLimitStoreFor(app) });

  router.post(routerPath('orderLookup'), async (ctx) => {
    refuseWhenLimited(ctx, await misses.waitFor(ctx.ip));
    const { orderNumber, email } = validate(orderLookupSchema, ctx.request.body);
    const found = await lookUpOrder(app.db, orderNumber, email);
    ctx.set('Cache-Control', 'no-store');
    if (!found) {
      await misses.consume(ctx.ip);
      throw notFound(ORDER_LOOKUP_MESSAGES.notFound);
    }
    ctx.body = found;
  });
  return router;
}
