import type { Context } from 'koa';
import type { AuthResponse } from '../../shared/api/types';
import type { AppContext } from '../app-context';
import { refuseWhenLimited } from '../limits/rate-limit';
import { logIn, normalizeEmail } from './auth.service';
import { createLoginLimiter } from './login-limiter';
import { LOGIN_LIMITS, TRUSTED_CLIENT_LIMITS } from './login-throttle';
import { trustClient, trustedClientKey } from './trusted-login';

/**
 * POST /api/auth/login, throttled (docs/decisions.md): strangers share the account-wide cap; a
 * device or address the account signed in from has its own, and a correct password makes the
 * client trusted (device cookie). Takes the request's context for the client's cookie and address.
 */
export function createLogin(app: AppContext): (ctx: Context, credentials: { email: string; password: string }) => Promise<AuthResponse> {
  const strangers = createLoginLimiter(app, 'login', LOGIN_LIMITS);
  const trustedClients = createLoginLimiter(app, 'trusted-login', TRUSTED_CLIENT_LIMITS);
  return async (ctx, { email, password }) => {
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
  };
}
