import type { User } from '../../shared/api/types';
import type { AppContext } from '../app-context';
import { generateSessionToken, hashSessionToken } from './session-token';
import { findActiveSession, insertSession, revokeSession, touchSession } from './session.repository';
import type { UserRow } from './user.table';

/** last_seen_at is written at most this often, so authenticated reads do not all become writes. */
const TOUCH_INTERVAL_MS = 60_000;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
  };
}

/** Starts a session and returns its bearer token (shown once, stored only as a hash). */
export async function startSession(app: AppContext, userId: number): Promise<string> {
  const token = generateSessionToken();
  const now = app.now();
  await insertSession(app.db, {
    token_hash: hashSessionToken(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + app.config.sessionAbsoluteMs,
    revoked_at: null,
  });
  return token;
}

/**
 * The user of a bearer token, or undefined when the token is unknown, revoked, idle for longer
 * than the idle limit, or past its absolute expiry.
 */
export async function resolveSession(app: AppContext, token: string): Promise<{ user: User; tokenHash: string } | undefined> {
  const tokenHash = hashSessionToken(token);
  const found = await findActiveSession(app.db, tokenHash);
  if (!found) return undefined;
  const now = app.now();
  const { session } = found;
  if (now >= session.expires_at || now - session.last_seen_at > app.config.sessionIdleMs) return undefined;
  if (now - session.last_seen_at > TOUCH_INTERVAL_MS) {
    // Not awaited: a read must not wait for (or fail on) a database that cannot take writes now;
    // a missed touch only means the idle clock starts a little earlier.
    void touchSession(app.db, tokenHash, now).catch((error: unknown) => {
      app.logger.warn('session activity not recorded', { error: String(error) });
    });
  }
  return { user: toUser(found.user), tokenHash };
}

export async function endSession(app: AppContext, tokenHash: string): Promise<void> {
  await revokeSession(app.db, tokenHash, app.now());
}
