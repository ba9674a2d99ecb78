import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { mailOutboxQuerySchema } from '../../shared/schemas/mail';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { validate } from '../http/validate';
import { listOutbox, retryMail } from './mail.service';

/** The admin's window on the outbox: what failed (or waits) and why, and "send again". */
export function createMailRoutes(app: AppContext): Router {
  const router = new Router();

  router.get(routerPath('mailOutbox'), requireAdmin, async (ctx) => {
    const query = validate(mailOutboxQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await listOutbox(app, query);
  });

  router.post(routerPath('mailRetry'), requireAdmin, async (ctx) => {
    ctx.body = await retryMail(app, ctx.params.orderId!, ctx.params.mailKey!);
  });
  return router;
}
