import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { route } from '../http/typed-route';
import { listOutbox, retryMail } from './mail.service';

/** The admin's window on the outbox: what failed (or waits) and why, and "send again". */
export function createMailRoutes(app: AppContext): Router {
  const router = new Router();

  route(router, 'mailOutbox', { before: [requireAdmin], read: (ctx) => ctx.query }, async (ctx, query) => {
    ctx.set('Cache-Control', 'no-store');
    return listOutbox(app, query);
  });

  route(router, 'mailRetry', { before: [requireAdmin] }, (_ctx, _input, { orderId, mailKey }) => retryMail(app, orderId, mailKey));
  return router;
}
