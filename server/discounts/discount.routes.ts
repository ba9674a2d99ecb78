import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { reply, route } from '../http/typed-route';
import { rateLimitStoreFor } from '../limits/anonymous-limits';
import { createRateLimit, limitByAddress } from '../limits/rate-limit';
import { checkDiscountCode, createDiscountCode, listDiscountCodes, updateDiscountCode } from './discount.service';

/** A shopper tries a code or two; a script guessing codes is slowed down. */
const CHECKS_PER_MINUTE = 30;

/** The admin's discount codes (design.md §9, admin or super_admin) and the shop's check of a code. */
export function createDiscountRoutes(app: AppContext): Router {
  const router = new Router();
  const checks = createRateLimit({ name: 'discountChecks', points: CHECKS_PER_MINUTE, windowSeconds: 60, store: rateLimitStoreFor(app) });

  route(router, 'discountCodes', { before: [requireAdmin] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return listDiscountCodes(app);
  });
  route(router, 'createDiscountCode', { before: [requireAdmin] }, async (_ctx, input) => reply(201, await createDiscountCode(app, input)));
  route(router, 'updateDiscountCode', { before: [requireAdmin] }, (_ctx, { active }, { code }) => updateDiscountCode(app, code, active));
  route(router, 'checkDiscountCode', { before: [limitByAddress(checks)] }, (_ctx, input) => checkDiscountCode(app, input));
  return router;
}
