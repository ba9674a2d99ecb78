import Router from '@koa/router';
import { ORDERS_CSV_CONTENT_TYPE, ordersCsvFileName } from '../../shared/orders-csv';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin, requireUser } from '../http/auth.guards';
import { HttpError, notFound } from '../errors/http-error';
import { reply, route } from '../http/typed-route';
import { readIdempotencyKey } from '../idempotency/idempotency';
import { openOrdersCsv } from './order-export';
import { setOrderStatus } from './order-status.service';
import { listCustomerOrders, listOrders, orderForViewer } from './order.service';

/** `3`, `"3"` and `W/"3"` all name version 3; `*` (any version) is the same as no header. */
export function parseIfMatch(header: string): number | null {
  const value = header.trim();
  if (!value || value === '*') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) throw new HttpError(400, 'INVALID_IF_MATCH', 'If-Match must be an order version, such as 3 or "3".');
  return Number(match[1]);
}

/** /api/orders/* (design.md §3) except POST /orders (payments) and /orders/analytics (analytics). */
export function createOrderRoutes(app: AppContext): Router {
  const router = new Router();
  const { db } = app;

  route(router, 'listOrders', { before: [requireAdmin] }, async (ctx, query) => {
    ctx.set('Cache-Control', 'no-store');
    return listOrders(db, query, app.config.shopTimeZone);
  });

  route(router, 'exportOrders', { before: [requireAdmin] }, async (ctx, filters) => {
    const csv = await openOrdersCsv(db, filters, app.logger, app.config.shopTimeZone);
    ctx.set('Content-Disposition', `attachment; filename="${ordersCsvFileName(app.now())}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = ORDERS_CSV_CONTENT_TYPE;
    return csv;
  });

  route(router, 'customerOrders', { before: [requireUser] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listCustomerOrders(db, currentUser(ctx));
  });

  route(router, 'order', { before: [requireUser] }, async (ctx, _input, { id }) => {
    const found = await orderForViewer(db, currentUser(ctx), id);
    if (!found) throw notFound('Order not found.');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('ETag', `"${found.order.version}"`);
    return found;
  });

  route(router, 'orderStatus', { before: [requireAdmin] }, async (ctx, input, { id }) => {
    const ifMatch = parseIfMatch(ctx.get('If-Match'));
    const key = readIdempotencyKey(ctx);
    const answer = await setOrderStatus(app, currentUser(ctx), { orderId: id, input, ifMatch, key });
    ctx.set('ETag', `"${answer.body.order.version}"`);
    ctx.set('Cache-Control', 'no-store');
    return reply(answer.status, answer.body);
  });

  return router;
}
