import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '../../shared/api/types';
import { RESET_LIFETIME_MS, STAFF_MESSAGES } from '../../shared/schemas/staff';
import type { AppContext } from '../app-context';
import { HttpError } from '../errors/http-error';
import { rateLimitStoreFor } from '../limits/anonymous-limits';
import { createRateLimit, type RateLimit } from '../limits/rate-limit';
import { mailQueueingOf } from '../mail/mail-outbox';
import { wakeMailSender } from '../mail/mail.service';
import { queueAccountMail } from '../mail/account-mail';
import { findUserByEmail, isActiveUser, updatePasswordHash } from './auth.repository';
import { hashRequestFor, normalizeEmail } from './auth.service';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './password';
import { endPasswordResets, findPasswordReset, insertPasswordReset, prunePasswordResets, spendPasswordReset } from './password-reset.repository';
import { revokeUserSessions } from './session.repository';
import { startSession, toUser } from './session.service';
import { generateSessionToken, hashSessionToken } from './session-token';

/**
 * Reset requests that send a mail: per address (a stranger cannot fill someone's inbox) and per
 * client address (one client cannot mail every address). A request past either still answers
 * 202, so the throttle tells nothing about the address either.
 */
export const RESET_LIMITS = {
  perAccount: { points: 3, windowSeconds: 60 * 60 },
  perClient: { points: 10, windowSeconds: 60 * 60 },
} as const;

/** Reset rows are kept this long past their expiry (to tell "expired" from "unknown"), then pruned. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;

const limitsByApp = new WeakMap<AppContext, { perAccount: RateLimit; perClient: RateLimit }>();

function resetLimitsOf(app: AppContext) {
  let limits = limitsByApp.get(app);
  if (!limits) {
    const store = rateLimitStoreFor(app);
    limits = {
      perAccount: createRateLimit({ name: 'reset-account', ...RESET_LIMITS.perAccount, store }),
      perClient: createRateLimit({ name: 'reset-client', ...RESET_LIMITS.perClient, store }),
    };
    limitsByApp.set(app, limits);
  }
  return limits;
}

/**
 * POST /api/auth/password-reset. Known or not, the address costs one lookup and one written row
 * (a row without a user for an unknown or deactivated address); only a real account's row comes
 * with a mail in the same transaction. The caller answers the same 202 whatever happens here.
 */
export async function requestPasswordReset(app: AppContext, email: string, client: string): Promise<void> {
  const account = normalizeEmail(email);
  const limits = resetLimitsOf(app);
  const waits = await Promise.all([limits.perAccount.consume(account), limits.perClient.consume(client)]);
  if (waits.some((wait) => wait > 0)) {
    app.logger.info('password reset throttled', { client });
    return;
  }
  const user = await findUserByEmail(app.db, account);
  const eligible = user && user.deactivated_at === null ? user : undefined;
  const token = generateSessionToken();
  const now = app.now();
  const queue = eligible !== undefined && mailQueueingOf(app.config);
  await app.db.transaction().execute(async (trx) => {
    await prunePasswordResets(trx, now - KEEP_EXPIRED_MS);
    await insertPasswordReset(trx, { token_hash: hashSessionToken(token), user_id: eligible?.id ?? null, created_at: now, expires_at: now + RESET_LIFETIME_MS, used_at: null });
    if (eligible && queue) {
      const link = `${app.config.mail.publicUrl}/reset-password?token=${token}`;
      await queueAccountMail(trx, { kind: 'password_reset', to: eligible.email, firstName: eligible.first_name, link }, `reset-${randomUUID()}`, now);
    }
  });
  if (queue) wakeMailSender(app);
}

const badLink = (message: string) => new HttpError(400, 'INVALID_RESET_TOKEN', message, [{ path: 'token', message }]);

/**
 * POST /api/auth/password-reset/confirm: the link's token is spent, the password replaced, every
 * other session and reset link of the account ended, and a new session started, in that order.
 */
export async function confirmPasswordReset(app: AppContext, input: { token: string; password: string }, client?: string): Promise<AuthResponse> {
  const tokenHash = hashSessionToken(input.token);
  const found = await findPasswordReset(app.db, tokenHash);
  const now = app.now();
  // An unknown address's row and a deactivated account's are as good as unknown.
  if (!found || !found.user || found.user.deactivated_at !== null) throw badLink(STAFF_MESSAGES.resetLinkUnknown);
  if (found.reset.used_at !== null) throw badLink(STAFF_MESSAGES.resetLinkUsed);
  if (found.reset.expires_at <= now) throw badLink(STAFF_MESSAGES.resetLinkExpired);
  const user = found.user;
  assertStrongPassword(input.password, [user.email, user.first_name, user.last_name]);
  const passwordHash = await hashPassword(input.password, hashRequestFor(app, client, 'signup'));
  await app.db.transaction().execute(async (trx) => {
    if (!(await spendPasswordReset(trx, tokenHash, app.now()))) throw badLink(STAFF_MESSAGES.resetLinkUsed);
    if (!(await isActiveUser(trx, user.id))) throw badLink(STAFF_MESSAGES.resetLinkUnknown);
    await updatePasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, app.now());
    await endPasswordResets(trx, user.id, app.now());
  });
  app.logger.info('password reset', { userId: user.id });
  const token = await startSession(app, user.id);
  return { token, user: toUser(user) };
}
