import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { GENERIC_MESSAGES, HttpError } from '../errors/http-error';
import { anonymousLimitsOf } from '../limits/anonymous-limits';
import { limitByAddress, refuseWhenLimited } from '../limits/rate-limit';
import { reply, route } from '../http/typed-route';
import { requireUser } from './auth.guards';
import { isSetupRequired, logIn, normalizeEmail, registerCustomer, setupDone, setupFirstAdmin } from './auth.service';
import { createLoginLimiter } from './login-limiter';
import { LOGIN_LIMITS, TRUSTED_CLIENT_LIMITS } from './login-throttle';
import { assertStrongPassword } from './password-strength';
import { trustClient, trustedClientKey } from './trusted-login';
import { endSession } from './session.service';

/** /api/auth/*: design.md §3. Tokens are opaque; see session.service.ts for their lifetime. */
export function createAuthRoutes(app: AppContext): Router {
  const router = new Router();
  // Strangers share the account-wide cap; a device or address the account signed in from has its own.
  const strangers = createLoginLimiter(app, 'login', LOGIN_LIMITS);
  const trustedClients = createLoginLimiter(app, 'trusted-login', TRUSTED_CLIENT_LIMITS);
  const limits = anonymousLimitsOf(app);

  route(router, 'authStatus', { before: [noStore] }, async () => ({ setupRequired: await isSetupRequired(app) }));

  // Once an admin exists the answer is 409 whatever the body, so nothing is learnt by probing.
  const refuseOnceSetUp = async (_ctx: Context, next: Next) => {
    if (!(await isSetupRequired(app))) throw setupDone();
    return next();
  };
  route(router, 'authSetup', { before: [noStore, limitByAddress(limits.setup), refuseOnceSetUp] }, async (ctx, input) => {
    assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
    return reply(201, await setupFirstAdmin(app, input, ctx.ip));
  });

  route(router, 'register', { before: [noStore, limitByAddress(limits.register)] }, async (ctx, input) => {
    assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
    return reply(201, await registerCustomer(app, input, ctx.ip));
  });

  route(router, 'login', { before: [noStore], invalid: () => ({ status: 400, code: 'BAD_REQUEST' }) }, async (ctx, { email, password }) => {
    const account = normalizeEmail(email);
    const trustedKey = await trustedClientKey(app, ctx, account);
    const throttle = trustedKey ? trustedClients : strangers;
    const client = trustedKey ?? ctx.ip;
    const { retryAfterSeconds, at } = await throttle.attempt(account, client);
    refuseWhenLimited(ctx, retryAfterSeconds);
    const { userId, ...session } = await logIn(app, email, password, ctx.ip);
    await throttle.succeeded(account, client, at);
    await trustClient(app, ctx, userId);
    return session;
  });

  route(router, 'verify', { before: [noStore] }, (ctx) => {
    if (!ctx.state.user) {
      throw new HttpError(401, 'UNAUTHORIZED', GENERIC_MESSAGES[401], undefined, { valid: false });
    }
    return { valid: true, user: ctx.state.user };
  });

  route(router, 'logout', { before: [noStore, requireUser] }, async (ctx) => {
    await endSession(app, ctx.state.sessionTokenHash!);
    return { success: true };
  });

  return router;
}

/** Answers carry tokens or say who is signed in: never kept by a browser or proxy cache. */
async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  return next();
}
