import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { ORDERS_CSV_CONTENT_TYPE, ordersCsvFileName } from '../../shared/orders-csv';
import { orderFiltersSchema, orderListQuerySchema, statusChangeSchema } from '../../shared/schemas/orders-query';
import type { AppContext } from '../app-context';
import { currentUser, isAdmin, requireAdmin, requireUser } from '../auth/auth.guards';
import { HttpError, notFound } from '../errors/http-error';
import { queryOf } from '../http/query';
import { validate } from '../http/validate';
import { findStoredResponse, hashRequest, lockKey, readIdempotencyKey, singleFlight, storeResponse } from '../idempotency/idempotency';
import { mailQueueingOf } from '../mail/mail-outbox';
import { ordersCsvStream } from './order-export';
import { listHistory, listOrdersOfUser } from './order-list.repository';
import { toHistoryEntry } from './order.mapper';
import { findOrderById } from './order.repository';
import { actorOf, adminViewOf, changeOrderStatus, listOrders, toOrderViews } from './order.service';

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
    ctx.body = await listOrders(db, query, app.config.shopTimeZone);
  });

  router.get(routerPath('exportOrders'), requireAdmin, async (ctx) => {
    const filters = validate(orderFiltersSchema, queryOf(ctx));
    ctx.set('Content-Disposition', `attachment; filename="${ordersCsvFileName(app.now())}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = ORDERS_CSV_CONTENT_TYPE;
    ctx.body = ordersCsvStream(db, filters, app.logger, app.config.shopTimeZone);
  });

  router.get(routerPath('customerOrders'), requireUser, async (ctx) => {
    const user = currentUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { orders: await toOrderViews(db, await listOrdersOfUser(db, user.id)) };
  });

  router.get(routerPath('order'), requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const order = await findOrderById(db, ctx.params.id);
    // Someone else's order is answered exactly like a missing one: its existence is not revealed.
    if (!order || (!isAdmin(user) && order.user_id !== user.id)) throw notFound('Order not found.');
    ctx.set('Cache-Control', 'no-store');
    ctx.set('ETag', `"${order.version}"`);
    if (isAdmin(user)) {
      const history = (await listHistory(db, order.id)).map(toHistoryEntry);
      ctx.body = { order: { ...(await adminViewOf(db, order)), history } };
    } else {
      ctx.body = { order: (await toOrderViews(db, [order]))[0] };
    }
  });

  router.patch(routerPath('orderStatus'), requireAdmin, async (ctx) => {
    const user = currentUser(ctx);
    const orderId = ctx.params.id;
    const input = validate(statusChangeSchema, ctx.request.body);
    const ifMatch = parseIfMatch(ctx.get('If-Match'));
    const key = readIdempotencyKey(ctx);
    const scope = `order-status:${user.id}:${orderId}`;
    const requestHash = hashRequest({ orderId, input, ifMatch });

    const run = () =>
      db.transaction().execute(async (trx) => {
        if (key) {
          await lockKey(trx, `${scope}:${key}`);
          const stored = await findStoredResponse(trx, scope, key, requestHash);
          if (stored) return stored;
        }
        const now = app.now();
        const outcome = await changeOrderStatus(trx, {
          orderId,
          status: input.status,
          trackingNumber: input.trackingNumber,
          actor: actorOf(user),
          source: 'api',
          mutationId: null,
          expectedVersion: ifMatch === null ? undefined : { version: ifMatch, policy: 'strict' },
          now,
          mail: mailQueueingOf(app.config),
        });
        if (outcome.kind === 'not_found') throw notFound('Order not found.');
        const order = await adminViewOf(trx, outcome.order);
        if (outcome.kind === 'conflict') {
          throw new HttpError(
            409,
            'VERSION_CONFLICT',
            `This order was changed by someone else (it is now at version ${order.version}). Reload it and try again.`,
            undefined,
            { order },
          );
        }
        const response = { status: 200, body: { order } };
        if (key) await storeResponse(trx, { scope, key, requestHash, ...response, now });
        return response;
      });

    const response = key ? await singleFlight(`${scope}:${key}`, run) : await run();
    const body = response.body as { order: { version: number } };
    ctx.set('ETag', `"${body.order.version}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = response.status;
    ctx.body = body;
  });

  return router;
}
