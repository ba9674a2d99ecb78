import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from './logger';

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
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
