import type { Context, Next } from 'koa';
import { API_ENDPOINTS } from '../../shared/api/endpoints';
import { checkoutOutcome, type ShopMetrics } from './metrics';

/** Codes of the answers a database fault gives (server/errors/storage-errors.ts, the health check's). */
const DATABASE_ERROR_CODES = new Set(['DB_BUSY', 'DB_UNREACHABLE', 'STORAGE_UNAVAILABLE', 'DB_UNAVAILABLE']);
const CHECKOUT = API_ENDPOINTS.checkout.path;

/**
 * The route a request matched, as its template (`/api/orders/:id`), so the label's values stay
 * few; `web` for the web app's files and pages, `unmatched` for an unknown /api path.
 */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'web';
}

/** Counts every answer by route and status, with its time; a checkout also by outcome. Outside the error middleware, so it sees the final status. */
export function measureRequests(metrics: ShopMetrics) {
  return async function measureRequest(ctx: Context, next: Next) {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
      const code = (ctx.body as { code?: unknown } | null | undefined)?.code;
      const bodyCode = typeof code === 'string' ? code : undefined;
      if (labels.route === CHECKOUT && ctx.method === 'POST') metrics.checkouts.inc({ outcome: checkoutOutcome(ctx.status, bodyCode) });
      if (bodyCode && DATABASE_ERROR_CODES.has(bodyCode)) metrics.databaseErrors.inc({ code: bodyCode });
    }
  };
}
