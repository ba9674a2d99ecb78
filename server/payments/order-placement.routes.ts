import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { orderPayloadSchema } from '../../shared/schemas/order';
import { validate } from '../http/validate';
import { placeOrderForIntent } from './order-placement.service';
import type { Payments } from './payment.service';

/** POST /api/orders: the order of a paid intent (order-placement.service.ts). */
export function createOrderPlacementRoutes(payments: Payments): Router {
  const router = new Router();
  router.post(routerPath('createOrder'), async (ctx) => {
    const payload = validate(orderPayloadSchema, ctx.request.body);
    const placed = await placeOrderForIntent(payments, payload, ctx.state.user?.id ?? null);
    ctx.status = placed.status;
    ctx.body = placed.body;
  });
  return router;
}
