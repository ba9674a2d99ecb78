import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { route } from '../http/typed-route';
import { listCustomers } from './customer.service';

/** /api/admin/customers: the shop's customers by e-mail (staff only). */
export function createCustomerRoutes(app: AppContext): Router {
  const router = new Router();
  route(router, 'customers', { before: [requireAdmin] }, async (ctx, query) => {
    ctx.set('Cache-Control', 'no-store');
    return listCustomers(app.db, query);
  });
  return router;
}
