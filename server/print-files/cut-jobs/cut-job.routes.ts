import Router from '@koa/router';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../http/auth.guards';
import { route } from '../../http/typed-route';
import { cutJobFile, listCutJobs } from './cut-job.service';

/** GET /api/fulfillment/cut-jobs and GET /api/fulfillment/cut-jobs/:color (design.md §10). */
export function createCutJobRoutes(app: AppContext): Router {
  const router = new Router();
  route(router, 'cutJobs', { before: [requireAdmin] }, () => listCutJobs(app));
  route(router, 'cutJobFile', { before: [requireAdmin] }, async (ctx, query, { color }) => {
    const file = await cutJobFile(app, color, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
    ctx.type = file.contentType;
    return file.body;
  });
  return router;
}
