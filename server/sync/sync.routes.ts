import Router from '@koa/router';
import { routerPath } from '../../shared/api/routes';
import { syncPullQuerySchema, syncPushSchema } from '../../shared/schemas/sync';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin } from '../auth/auth.guards';
import { validate } from '../http/validate';
import { pullChanges, pushMutations } from './sync.service';

/** /api/sync/*: the admin order cache's pull and push (design.md §4). */
export function createSyncRoutes(app: AppContext): Router {
  const router = new Router();

  router.get(routerPath('syncPull'), requireAdmin, async (ctx) => {
    const since = typeof ctx.query.since === 'string' ? ctx.query.since : ctx.query.since?.at(-1);
    const limit = typeof ctx.query.limit === 'string' ? ctx.query.limit : ctx.query.limit?.at(-1);
    const badCursor = !syncPullQuerySchema.shape.since.safeParse(since).success;
    const query = validate(syncPullQuerySchema, { since, limit }, { status: 400, code: badCursor ? 'INVALID_CURSOR' : 'INVALID_LIMIT' });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pullChanges(app, query.since, query.limit);
  });

  router.post(routerPath('syncPush'), requireAdmin, async (ctx) => {
    const { mutations } = validate(syncPushSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await pushMutations(app, currentUser(ctx), mutations);
  });

  return router;
}
