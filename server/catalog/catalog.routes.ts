import Router, { type RouterContext } from '@koa/router';
import { COLORS, FONTS, PRODUCT_TYPES } from '../../shared/catalog';
import { routerPath } from '../../shared/api/routes';
import { checkCustomText, validateTextRequestSchema } from '../../shared/schemas/text';
import { validate } from '../http/validate';

/** The catalogue never changes while the process runs: bodies are serialised once. */
const devicesBody = JSON.stringify({ productTypes: PRODUCT_TYPES });
const colorsBody = JSON.stringify({ colors: COLORS });
const fontsBody = JSON.stringify({ fonts: FONTS });

export function createCatalogRoutes(): Router {
  const router = new Router();
  const sendJson = (body: string) => (ctx: RouterContext) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    ctx.body = body;
  };
  router.get(routerPath('devices'), sendJson(devicesBody));
  router.get(routerPath('colors'), sendJson(colorsBody));
  router.get(routerPath('fonts'), sendJson(fontsBody));
  router.post(routerPath('validateText'), (ctx) => {
    const { text, font } = validate(validateTextRequestSchema, ctx.request.body);
    ctx.body = checkCustomText(text, font);
  });
  return router;
}
