import Router from '@koa/router';
import type { AppContext } from '../app-context';
import { reply, route } from '../http/typed-route';
import { designPictureOf } from './design-picture.service';

/**
 * A week in any cache: the link never changes, and the picture only when the admin or the customer
 * fixes the text, which the ETag then tells a cache that asks again.
 */
const CACHE_CONTROL = 'public, max-age=604800';

/** GET /api/design-pictures/:orderId/:line/:file: a mail's picture of one design line, for anyone holding its signed link. */
export function createDesignPictureRoutes(app: AppContext): Router {
  const router = new Router();
  route(router, 'designPicture', async (ctx, _query, { orderId, line, file }) => {
    const picture = await designPictureOf(app, orderId, line, file);
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.set('ETag', picture.etag);
    ctx.type = 'image/png';
    ctx.status = 200;
    if (ctx.fresh) return reply(304, '');
    return picture.png;
  });
  return router;
}
