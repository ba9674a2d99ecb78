import type { Context, Next } from 'koa';
import type Router from '@koa/router';
import { HttpError, notFound } from '../errors/http-error';

/** `/api` and everything under it, in any letter case: an API path never gets the web app's HTML. */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api' || lower.startsWith('/api/');
}

/** The methods this server implements anywhere; anything else (PROPFIND, TRACE, MKCOL, …) is not. */
const IMPLEMENTED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * What a request nothing answered gets (design.md §8), always as JSON and never as a 500:
 * a known path with another method → 405 with `Allow`; an unknown method elsewhere → 501; the rest → 404.
 * @koa/router's `allowedMethods({ throw: true })` threw a 501 the error middleware logged as a 500.
 */
export function answerUnmatched(api: Router) {
  return async function unmatched(ctx: Context, next: Next) {
    await next();
    if (ctx.body != null || (ctx.status !== 404 && ctx.status !== 405 && ctx.status !== 501)) return;
    const method = ctx.method.toUpperCase();
    const allowed = isApiPath(ctx.path) ? allowedMethods(api, ctx.path) : [];
    if (allowed.length && !allowed.includes(method)) {
      if (method === 'OPTIONS') {
        ctx.set('Allow', allowed.join(', '));
        ctx.status = 204;
        return;
      }
      ctx.set('Allow', allowed.join(', '));
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here. Allowed: ${allowed.join(', ')}.`);
    }
    if (!IMPLEMENTED.has(method)) throw new HttpError(501, 'NOT_IMPLEMENTED', `The ${method} method is not supported.`);
    if (isApiPath(ctx.path)) throw notFound(`No API route ${method} ${ctx.path}`);
    throw notFound();
  };
}

function allowedMethods(api: Router, path: string): string[] {
  const methods = new Set<string>();
  // The router matches case-insensitively; a lower-cased path finds the same routes.
  for (const layer of api.match(path, 'GET').path) for (const method of layer.methods) methods.add(method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods];
}
