import Router, { type RouterContext } from '@koa/router';
import { COLORS, FONTS, PRODUCT_TYPES } from '../../shared/catalog';
import { checkCustomText } from '../../shared/schemas/text';
import { jsonText, route } from '../http/typed-route';

/** The catalogue never changes while the process runs: bodies are serialised once. */
const devicesBody = jsonText({ productTypes: PRODUCT_TYPES });
const colorsBody = jsonText({ colors: COLORS });
const fontsBody = jsonText({ fonts: FONTS });

function cachedJson(ctx: RouterContext) {
  ctx.type = 'application/json';
  ctx.set('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
}

export function createCatalogRoutes(): Router {
  const router = new Router();
  route(router, 'devices', (ctx) => {
    cachedJson(ctx);
    return devicesBody;
  });
  route(router, 'colors', (ctx) => {
    cachedJson(ctx);
    return colorsBody;
  });
  route(router, 'fonts', (ctx) => {
    cachedJson(ctx);
    return fontsBody;
  });
  route(router, 'validateText', (_ctx, { text, font }) => checkCustomText(text, font));
  return router;
}
