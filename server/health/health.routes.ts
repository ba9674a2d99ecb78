import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import type { AppContext } from '../app-context';
import { APP_VERSION } from '../version';
import { createHealthCheck } from './health.service';

export function createHealthRoutes(app: AppContext): Router {
  const router = new Router();
  const checkHealth = createHealthCheck(app);
  router.get(routerPath('health'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const answer = await checkHealth();
    ctx.status = answer.status;
    if (answer.retryAfterSeconds !== null) ctx.set('Retry-After', String(answer.retryAfterSeconds));
    ctx.body = answer.body;
  });
  router.get(routerPath('version'), (ctx) => {
    ctx.body = { version: APP_VERSION };
  });
  return router;
}
