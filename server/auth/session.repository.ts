import type { DbOrTrx } from '../db/transaction';
import type { SessionRow, UserRow } from './user.table';

export async function insertSession(db: DbOrTrx, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The live session of a token hash with its user, or undefined when unknown, revoked or the user is deactivated. */
export async function findActiveSession(
  db: DbOrTrx,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash', 'sessions.user_id', 'sessions.created_at as session_created_at', 'sessions.last_seen_at',
      'sessions.expires_at', 'sessions.revoked_at',
      'users.id', 'users.email', 'users.password_hash', 'users.role', 'users.first_name', 'users.last_name',
      'users.phone', 'users.created_at', 'users.deactivated_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    // A deactivated account's sessions end at once, also one its deactivation had not yet revoked.
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      token_hash: row.token_hash,
      user_id: row.user_id,
      created_at: row.session_created_at,
      last_seen_at: row.last_seen_at,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
    },
    user: {
      id: row.id,
      email: row.email,
      password_hash: row.password_hash,
      role: row.role,
      first_name: row.first_name,
      last_name: row.last_name,
      phone: row.phone,
      created_at: row.created_at,
      deactivated_at: row.deactivated_at,
    },
  };
}

export async function touchSession(db: DbOrTrx, tokenHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function revokeSession(db: DbOrTrx, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset by the operator, role change). */
export async function revokeUserSessions(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes a user's sessions that can never be used again: revoked, past expiry, or idle too long. */
export async function deleteDeadSessions(db: DbOrTrx, userId: number, now: number, idleMs: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now), eb('last_seen_at', '<', now - idleMs)]),
    )
    .execute();
}
