import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { failureReply, route } from '../http/typed-route';
import { APP_VERSION } from '../version';
import { createHealthCheck } from './health.service';

export function createHealthRoutes(app: AppContext): Router {
  const router = new Router();
  const checkHealth = createHealthCheck(app);
  route(router, 'health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const answer = await checkHealth();
    if (answer.status === 200) return answer.body;
    if (answer.retryAfterSeconds !== null) ctx.set('Retry-After', String(answer.retryAfterSeconds));
    return failureReply(answer.status, answer.body);
  });
  route(router, 'version', () => ({ version: APP_VERSION }));
  return router;
}
