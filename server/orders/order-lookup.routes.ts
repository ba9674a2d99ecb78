import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ORDER_LOOKUP_MESSAGES } from '../../shared/schemas/order-lookup';
import type { AppContext } from '../app-context';
import { HttpError, notFound } from '../errors/http-error';
import { route } from '../http/typed-route';
import { rateLimitStoreFor } from '../limits/anonymous-limits';
import { createRateLimit, refuseWhenLimited } from '../limits/rate-limit';
import { editOrderLine } from './order-edit.service';
import { lineOf } from './order-edit.routes';
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

  const refuseWhileLimited = async (ctx: Context, next: Next) => {
    refuseWhenLimited(ctx, await misses.waitFor(ctx.ip));
    return next();
  };
  route(router, 'orderLookup', { before: [refuseWhileLimited] }, async (ctx, { orderNumber, email }) => {
    const found = await lookUpOrder(app.db, orderNumber, email);
    ctx.set('Cache-Control', 'no-store');
    if (!found) {
      await misses.consume(ctx.ip);
      throw notFound(ORDER_LOOKUP_MESSAGES.notFound);
    }
    return found;
  });
  // The shopper's own text fix: the same proof and the same throttle as the lookup.
  route(router, 'customerLineEdit', { before: [refuseWhileLimited] }, async (ctx, { orderNumber, email, text, baseVersion }, { line }) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await editOrderLine(app, { order: { orderNumber, email }, line: lineOf(line), changes: { text }, baseVersion, actor: { id: null, name: 'Customer' }, source: 'customer' });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'NOT_FOUND') await misses.consume(ctx.ip);
      throw error;
    }
    const found = await lookUpOrder(app.db, orderNumber, email);
    if (!found) throw notFound(ORDER_LOOKUP_MESSAGES.notFound);
    return found;
  });
  return router;
}
