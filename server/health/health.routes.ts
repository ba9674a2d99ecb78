import Router from '@koa/router';
import { sql } from 'kysely';
import { routerPath } from '../../shared/api/routes';
import type { AppContext } from '../app-context';
import { APP_VERSION } from '../version';
import { storageErrorOf } from '../db/storage-errors';
import { writeHealthProbe } from './health.repository';

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
  // Concurrent health checks share one probe: a burst of page loads costs one durable write, not one each.
  let running: Promise<void> | null = null;
  const probe = () =>
    (running ??= (async () => {
      await sql`select 1`.execute(app.db);
      await writeHealthProbe(app.db, app.now());
    })().finally(() => {
      running = null;
    }));
  router.get(routerPath('health'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const time = new Date(app.now()).toISOString();
    try {
      // A database that hangs must still give a 503 well inside the client's 10 s timeout. A read
      // is not enough: a full disk, a read-only file or a lock held elsewhere let reads through
      // while every checkout fails, so the check writes (and waits for the lock only briefly).
      await withTimeout(probe(), HEALTH_DB_TIMEOUT_MS);
      ctx.body = { status: 'ok', db: 'ok', time };
    } catch (error) {
      app.logger.error('health check failed', { err: String(error) });
      const storage = storageErrorOf(error);
      ctx.status = 503;
      if (storage) ctx.set('Retry-After', String(storage.retryAfterSeconds));
      ctx.body = {
        status: 'unavailable',
        db: storage?.code === 'DB_BUSY' ? 'locked' : storage ? 'unwritable' : 'unavailable',
        time,
        error: 'Database unavailable',
        code: 'DB_UNAVAILABLE',
      };
    }
  });
  router.get(routerPath('version'), (ctx) => {
    ctx.body = { version: APP_VERSION };
  });
  return router;
}
