import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { ORDERS_CSV_CONTENT_TYPE, ordersCsvFileName } from '../../shared/orders-csv';
import { orderFiltersSchema, orderListQuerySchema, statusChangeSchema } from '../../shared/schemas/orders-query';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin, requireUser } from '../auth/auth.guards';
import { HttpError, notFound } from '../errors/http-error';
import { queryOf } from '../http/query';
import { validate } from '../http/validate';
import { readIdempotencyKey } from '../idempotency/idempotency';
import { ordersCsvStream } from './order-export';
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

  router.get(routerPath('listOrders'), requireAdmin, async (ctx) => {
    const query = validate(orderListQuerySchema, queryOf(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOrders(db, query);
  });

  router.get(routerPath('exportOrders'), requireAdmin, async (ctx) => {
    const filters = validate(orderFiltersSchema, queryOf(ctx));
    ctx.set('Content-Disposition', `attachment; filename="${ordersCsvFileName(app.now())}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = ORDERS_CSV_CONTENT_TYPE;
    ctx.body = ordersCsvStream(db, filters, app.logger);
  });

  router.get(routerPath('customerOrders'), requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listCustomerOrders(db, currentUser(ctx));
  });

  router.get(routerPath('order'), requireUser, async (ctx) => {
    const found = await orderForViewer(db, currentUser(ctx), ctx.params.id);
    if (!found) throw notFound('Order not found.');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('ETag', `"${found.order.version}"`);
    ctx.body = found;
  });

  router.patch(routerPath('orderStatus'), requireAdmin, async (ctx) => {
    const input = validate(statusChangeSchema, ctx.request.body);
    const ifMatch = parseIfMatch(ctx.get('If-Match'));
    const key = readIdempotencyKey(ctx);
    const answer = await setOrderStatus(app, currentUser(ctx), { orderId: ctx.params.id, input, ifMatch, key });
    ctx.set('ETag', `"${answer.body.order.version}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = answer.status;
    ctx.body = answer.body;
  });

  return router;
}
