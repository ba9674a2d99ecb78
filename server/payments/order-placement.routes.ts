import Router from '@koa/router';
import { reply, route } from '../http/typed-route';
import { placeOrderForIntent } from './order-placement.service';
import type { Payments } from './payment.service';

/** POST /api/orders: the order of a paid intent (order-placement.service.ts). */
export function createOrderPlacementRoutes(payments: Payments): Router {
  const router = new Router();
  route(router, 'createOrder', async (ctx, payload) => {
    const placed = await placeOrderForIntent(payments, payload, ctx.state.user?.id ?? null);
    return reply(placed.status, placed.body);
  });
  return router;
}
