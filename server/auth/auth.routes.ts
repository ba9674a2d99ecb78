import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { routerPath } from '../../shared/api/routes';
import { loginSchema, registerSchema, setupSchema } from '../../shared/schemas/auth';
import type { AppContext } from '../app-context';
import { GENERIC_MESSAGES, HttpError, tooManyRequests } from '../errors/http-error';
import { validate } from '../http/validate';
import { requireUser } from './auth.guards';
import { isSetupRequired, logIn, normalizeEmail, registerCustomer, setupDone, setupFirstAdmin } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { endSession } from './session.service';

/** /api/auth/*: design.md §3. Tokens are opaque; see session.service.ts for their lifetime. */
export function createAuthRoutes(app: AppContext): Router {
  const router = new Router();
  const throttle = new LoginThrottle(app.now);

  router.get(routerPath('authStatus'), noStore, async (ctx) => {
    ctx.body = { setupRequired: await isSetupRequired(app) };
  });

  router.post(routerPath('authSetup'), noStore, async (ctx) => {
    // Once an admin exists the answer is 409 whatever the body, so nothing is learnt by probing.
    if (!(await isSetupRequired(app))) throw setupDone();
    const input = validate(setupSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await setupFirstAdmin(app, input);
  });

  router.post(routerPath('register'), noStore, async (ctx) => {
    const input = validate(registerSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await registerCustomer(app, input);
  });

  router.post(routerPath('login'), noStore, async (ctx) => {
    const { email, password } = validate(loginSchema, ctx.request.body, { status: 400, code: 'BAD_REQUEST' });
    const account = normalizeEmail(email);
    const { retryAfterSeconds, at } = throttle.attempt(account, ctx.ip);
    if (retryAfterSeconds > 0) {
      ctx.set('Retry-After', String(retryAfterSeconds));
      throw tooManyRequests();
    }
    const session = await logIn(app, email, password);
    throttle.succeeded(account, ctx.ip, at);
    ctx.body = session;
  });

  router.get(routerPath('verify'), noStore, (ctx) => {
    if (!ctx.state.user) {
      throw new HttpError(401, 'UNAUTHORIZED', GENERIC_MESSAGES[401], undefined, { valid: false });
    }
    ctx.body = { valid: true, user: ctx.state.user };
  });

  router.post(routerPath('logout'), noStore, requireUser, async (ctx) => {
    await endSession(app, ctx.state.sessionTokenHash!);
    ctx.body = { success: true };
  });

  return router;
}

/** Answers carry tokens or say who is signed in: never kept by a browser or proxy cache. */
async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  return next();
}
