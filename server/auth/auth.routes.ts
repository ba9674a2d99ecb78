import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AppContext } from '../app-context';
import { GENERIC_MESSAGES, HttpError } from '../errors/http-error';
import { anonymousLimitsOf } from '../limits/anonymous-limits';
import { limitByAddress } from '../limits/rate-limit';
import { reply, route } from '../http/typed-route';
import { requireUser } from '../http/auth.guards';
import { isSetupRequired, registerCustomer, setupDone, setupFirstAdmin } from './auth.service';
import { createLogin } from './login.service';
import { endSession } from './session.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { STAFF_MESSAGES } from '../../shared/schemas/staff';

/** /api/auth/*: design.md §3. Tokens are opaque; see session.service.ts for their lifetime. */
export function createAuthRoutes(app: AppContext): Router {
  const router = new Router();
  const logInThrottled = createLogin(app);
  const limits = anonymousLimitsOf(app);

  route(router, 'authStatus', { before: [noStore] }, async () => ({ setupRequired: await isSetupRequired(app) }));

  // Once an admin exists the answer is 409 whatever the body, so nothing is learnt by probing.
  const refuseOnceSetUp = async (_ctx: Context, next: Next) => {
    if (!(await isSetupRequired(app))) throw setupDone();
    return next();
  };
  route(router, 'authSetup', { before: [noStore, limitByAddress(limits.setup), refuseOnceSetUp] }, async (ctx, input) =>
    reply(201, await setupFirstAdmin(app, input, ctx.ip)),
  );

  route(router, 'register', { before: [noStore, limitByAddress(limits.register)] }, async (ctx, input) =>
    reply(201, await registerCustomer(app, input, ctx.ip)),
  );

  route(router, 'login', { before: [noStore], invalid: () => ({ status: 400, code: 'BAD_REQUEST' }) }, (ctx, credentials) => logInThrottled(ctx, credentials));

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

  // design.md §9: 202 and the same body whether or not the address has an account, throttled or not.
  route(router, 'passwordResetRequest', { before: [noStore] }, async (ctx, { email }) => {
    await requestPasswordReset(app, email, ctx.ip);
    return reply(202, { message: STAFF_MESSAGES.resetRequested });
  });

  route(router, 'passwordResetConfirm', { before: [noStore] }, (ctx, input) => confirmPasswordReset(app, input, ctx.ip));

  return router;
}

/** Answers carry tokens or say who is signed in: never kept by a browser or proxy cache. */
async function noStore(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  return next();
}
