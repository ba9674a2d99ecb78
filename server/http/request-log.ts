import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from './logger';

/** The longest path a request line keeps: enough for every route of the shop; a longer one is a probe. */
export const LOGGED_PATH_MAX = 256;

/** `path` cut to LOGGED_PATH_MAX characters, saying how long it was. */
export function loggedPath(path: string): string {
  return path.length <= LOGGED_PATH_MAX ? path : `${path.slice(0, LOGGED_PATH_MAX)}…(${path.length} chars)`;
}

/** One structured line per request, with an id echoed in `X-Request-Id` for support. */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next) {
    const started = performance.now();
    const requestId = randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      logger.info('request', {
        requestId,
        method: ctx.method,
        path: loggedPath(ctx.path),
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
