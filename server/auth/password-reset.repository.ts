import type { DbOrTrx } from '../db/transaction';
import type { PasswordResetRow } from './password-reset.table';
import type { UserRow } from './user.table';

export async function insertPasswordReset(db: DbOrTrx, reset: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(reset).execute();
}

/** A reset request by its token's hash, with the account it may reset (none for an unknown address). */
export async function findPasswordReset(db: DbOrTrx, tokenHash: string): Promise<{ reset: PasswordResetRow; user: UserRow | undefined } | undefined> {
  const reset = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!reset) return undefined;
  const user = reset.user_id === null ? undefined : await db.selectFrom('users').selectAll().where('id', '=', reset.user_id).executeTakeFirst();
  return { reset, user };
}

/** Marks the reset used, once: false when another request used it first or it has expired. */
export async function spendPasswordReset(db: DbOrTrx, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other open reset link of the user stops working (a new password, a deactivation). */
export async function endPasswordResets(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Requests whose link expired more than `keepMs` ago serve no one. */
export async function prunePasswordResets(db: DbOrTrx, before: number): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
}
