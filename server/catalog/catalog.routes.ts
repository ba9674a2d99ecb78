import Router, { type RouterContext } from '@koa/router';
import type { LiveCatalog } from '../../shared/catalog';
import { checkCustomText } from '../../shared/schemas/text';
import type { AppContext } from '../app-context';
import { requireSuperAdmin } from '../http/auth.guards';
import { jsonText, reply, route, type JsonText } from '../http/typed-route';
import type { CatalogCache } from './catalog.cache';
import { createCatalogService } from './catalog.service';

/** The public lists of one catalogue version, serialised once per version. */
function publicBodies(catalog: LiveCatalog) {
  const activeTypes = catalog.productTypes.map((type) => ({ id: type.id, name: type.name, variants: type.variants.filter((v) => v.active).map((v) => v.name) }));
  return {
    version: catalog.version,
    devices: jsonText({ productTypes: activeTypes }),
    colors: jsonText({ colors: catalog.colors.filter((c) => c.active).map(({ name, hex }) => ({ name, hex })) }),
    fonts: jsonText({ fonts: catalog.fonts.filter((f) => f.active).map((f) => f.name) }),
    catalog: jsonText(catalog),
  };
}

/**
 * Revalidated by its ETag (the catalogue version) on every use, a 304 when nothing changed, so an
 * edit reaches the next page without a deploy; index.html preloads the catalogue, and a preload
 * cannot ask to bypass a cached copy. Offline, the service worker's and the shop's stored copy answer.
 */
function catalogHeaders(ctx: RouterContext, version: string): boolean {
  const etag = `"catalog-${version}"`;
  ctx.type = 'application/json';
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('ETag', etag);
  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return true;
  }
  return false;
}

export function createCatalogRoutes(app: AppContext, cache: CatalogCache): Router {
  const router = new Router();
  const service = createCatalogService(app, cache);
  let bodies = publicBodies(cache.current());
  const current = () => {
    const catalog = cache.current();
    if (bodies.version !== catalog.version) bodies = publicBodies(catalog);
    return bodies;
  };
  const publicRoute = <Body>(pick: (b: ReturnType<typeof publicBodies>) => JsonText<Body>) => (ctx: RouterContext) => {
    const body = current();
    return catalogHeaders(ctx, body.version) ? ('' as JsonText<Body>) : pick(body);
  };

  route(router, 'devices', publicRoute((b) => b.devices));
  route(router, 'colors', publicRoute((b) => b.colors));
  route(router, 'fonts', publicRoute((b) => b.fonts));
  route(router, 'catalog', publicRoute((b) => b.catalog));
  route(router, 'validateText', (_ctx, { text, font }) => checkCustomText(text, font));

  const superAdmin = { before: [requireSuperAdmin] };
  const noStore = (ctx: RouterContext) => ctx.set('Cache-Control', 'no-store');
  route(router, 'adminCatalog', superAdmin, (ctx) => {
    noStore(ctx);
    return service.adminCatalog();
  });
  route(router, 'createVariant', superAdmin, async (ctx, input) => {
    noStore(ctx);
    return reply(201, await service.createVariant(input));
  });
  route(router, 'changeVariant', superAdmin, (ctx, input, { id }) => {
    noStore(ctx);
    return service.changeVariant(id, input);
  });
  route(router, 'changeProductType', superAdmin, (ctx, input, { id }) => {
    noStore(ctx);
    return service.changeProductType(id, input);
  });
  route(router, 'createColor', superAdmin, async (ctx, input) => {
    noStore(ctx);
    return reply(201, await service.createColor(input));
  });
  route(router, 'changeColor', superAdmin, (ctx, input, { name }) => {
    noStore(ctx);
    return service.changeColor(name, input);
  });
  route(router, 'changeFont', superAdmin, (ctx, input, { name }) => {
    noStore(ctx);
    return service.changeFont(name, input.active);
  });
  return router;
}
