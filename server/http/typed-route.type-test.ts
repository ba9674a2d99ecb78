/**
 * Compiled by `npm run typecheck`, never run: each `@ts-expect-error` below must find a type
 * error, so the check fails if a handler answering another shape than its route's entry (or
 * reading a request field or path parameter the entry does not have) ever compiles.
 */
import type Router from '@koa/router';
import type { OrderStatus } from '../../shared/order-status';
import { failureReply, reply, route } from './typed-route';

export function typedRouteChecks(router: Router): void {
  // The entry's shapes compile.
  route(router, 'version', () => ({ version: '1.0.0' }));
  route(router, 'createOrder', () => reply(201, { order: {} as never }));
  route(router, 'orderStatus', (_ctx, input, { id }) => {
    const status: OrderStatus = input.status;
    return { order: { id, status } as never };
  });
  route(router, 'health', () => failureReply(503, { error: 'Database unavailable', code: 'DB_UNAVAILABLE' }));

  // @ts-expect-error: a field of another name is not the version answer.
  route(router, 'version', () => ({ release: '1.0.0' }));
  // @ts-expect-error: the order list answers `total`, `page` and `limit` beside its orders.
  route(router, 'listOrders', async () => ({ orders: [] }));
  // @ts-expect-error: the sync push answers `{results}`, not a bare array.
  route(router, 'syncPush', async () => []);
  // @ts-expect-error: a reply with a status of its own still carries the entry's body.
  route(router, 'createOrder', () => reply(201, { orders: [] }));
  // @ts-expect-error: a failure given as an answer is `{error, code}`.
  route(router, 'checkout', () => failureReply(402, { message: 'Card declined' }));
  // @ts-expect-error: a download answers bytes, not a JSON object.
  route(router, 'exportOrders', () => ({ rows: [] }));
  // @ts-expect-error: the status change's body has no `state` field.
  route(router, 'orderStatus', (_ctx, input) => ({ order: { state: input.state } as never }));
  // @ts-expect-error: GET /api/orders/:id has an `id` parameter, not `orderId`.
  route(router, 'order', (_ctx, _input, { orderId }) => ({ order: { id: orderId } as never }));
}
