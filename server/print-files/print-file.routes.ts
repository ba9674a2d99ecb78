import Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../http/auth.guards';
import { route } from '../http/typed-route';
import { printFileOf, printFilesZipOf, type PrintDownload } from './print-file.service';

function download(ctx: RouterContext, file: PrintDownload) {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
  ctx.type = file.contentType;
  return file.body;
}

/** GET /api/orders/:id/print-file and GET /api/fulfillment/print-files.zip (design.md §3, §6). */
export function createPrintFileRoutes(app: AppContext): Router {
  const router = new Router();
  route(router, 'printFile', { before: [requireAdmin] }, async (ctx, query, { id }) => download(ctx, await printFileOf(app, id, query)));
  route(router, 'printFilesZip', { before: [requireAdmin] }, async (ctx, { ids }) => download(ctx, await printFilesZipOf(app, ids)));
  return router;
}
