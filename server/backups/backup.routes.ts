import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { route } from '../http/typed-route';
import { readBackupHealth } from './backup-health';

/** GET /api/admin/backups: the backups' state for the admin's Overview. */
export function createBackupRoutes(app: AppContext): Router {
  const router = new Router();
  route(router, 'backupHealth', { before: [requireAdmin] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { backup: await readBackupHealth(app) };
  });
  return router;
}
