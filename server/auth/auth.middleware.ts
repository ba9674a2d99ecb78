import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { resolveSession } from './session.service';

/**
 * Resolves `Authorization: Bearer <token>` to ctx.state.user. An unknown or expired token leaves
 * the request anonymous; the route guards (auth.guards.ts) decide whether that is a 401.
 */
export function authenticate(app: AppContext) {
  return async function authenticateRequest(ctx: Context, next: Next) {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match && ctx.path.startsWith('/api/')) {
      const resolved = await resolveSession(app, match[1]);
      if (resolved) {
        ctx.state.user = resolved.user;
        ctx.state.sessionTokenHash = resolved.tokenHash;
      }
    }
    return next();
  };
}
