import Router from '@koa/router';
import { sql } from 'kysely';
import { routerPath } from '../../shared/api/routes';
import type { AppContext } from '../app-context';
import { APP_VERSION } from '../version';

const HEALTH_DB_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createHealthRoutes(app: AppContext): Router {
  const router = new Router();
  router.get(routerPath('health'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const time = new Date(app.now()).toISOString();
    try {
      // A database that hangs must still give a 503 well inside the client's 10 s timeout.
      await withTimeout(sql`select 1`.execute(app.db), HEALTH_DB_TIMEOUT_MS);
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
