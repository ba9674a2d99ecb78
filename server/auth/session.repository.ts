import type { DbOrTrx } from '../orders/order.repository';
import type { SessionRow, UserRow } from './user.table';

export async function insertSession(db: DbOrTrx, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The live session of a token hash with its user, or undefined when unknown or revoked. */
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
      'users.phone', 'users.created_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
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
