import Router from '@koa/router';
import { sql } from 'kysely';
import { routerPath } from '../../shared/api/routes';
import type { AppContext } from '../app-context';
import { APP_VERSION } from '../version';

export function createHealthRoutes(app: AppContext): Router {
  const router = new Router();
  router.get(routerPath('health'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const time = new Date(app.now()).toISOString();
    try {
      await sql`select 1`.execute(app.db);
      ctx.body = { status: 'ok', db: 'ok', time };
    } catch (error) {
      app.logger.error('health check failed', { err: String(error) });
      ctx.status = 503;
      ctx.body = { status: 'unavailable', db: 'unavailable', time, error: 'Database unavailable', code: 'DB_UNAVAILABLE' };
    }
  });
  router.get(routerPath('version'), (ctx) => {
    ctx.body = { version: APP_VERSION };
  });
  return router;
}
