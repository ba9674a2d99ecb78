import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';

// SKELETON: the auth implementation resolves the bearer token to ctx.state.user here.
export function authenticate(_app: AppContext) {
  return async function authenticateRequest(_ctx: Context, next: Next) {
    return next();
  };
}
