import Router from '@koa/router';
import { syncPullQuerySchema } from '../../shared/schemas/sync';
import type { AppContext } from '../app-context';
import { currentUser, requireAdmin } from '../http/auth.guards';
import { route } from '../http/typed-route';
import type { OrderEvents } from './order-events';
import { pullChanges, pushMutations } from './sync.service';

/** A refused pull names what was wrong: the cursor first, else the limit (design.md §4). */
function pullRefusal(raw: unknown) {
  const badCursor = !syncPullQuerySchema.shape.since.safeParse((raw as { since?: unknown }).since).success;
  return { status: 400, code: badCursor ? 'INVALID_CURSOR' : 'INVALID_LIMIT' };
}

/** /api/sync/*: the admin order cache's pull and push, and the live order events (design.md §4). */
export function createSyncRoutes(app: AppContext, events: OrderEvents): Router {
  const router = new Router();

  route(router, 'syncPull', { before: [requireAdmin], invalid: pullRefusal }, async (ctx, query) => {
    ctx.set('Cache-Control', 'no-store');
    return pullChanges(app, query.since, query.limit);
  });

  route(router, 'syncPush', { before: [requireAdmin] }, async (ctx, { mutations }) => {
    ctx.set('Cache-Control', 'no-store');
    return pushMutations(app, currentUser(ctx), mutations);
  });

  route(router, 'syncEvents', { before: [requireAdmin] }, (ctx) => {
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store, no-transform');
    // nginx passes each event on at once instead of filling its buffer first.
    ctx.set('X-Accel-Buffering', 'no');
    ctx.req.socket.setNoDelay(true);
    const stream = events.open((end) => ctx.req.once('close', end));
    // Written here rather than by Koa, whose pipeline takes a tablet going away for an error.
    ctx.status = 200;
    ctx.respond = false;
    stream.pipe(ctx.res);
    return stream;
  });
  return router;
}
