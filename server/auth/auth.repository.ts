import type { Insertable } from 'kysely';
import type { Role } from '../../shared/api/types';
import type { DbOrTrx } from '../db/transaction';
import { ADMIN_ROLES } from '../http/auth.guards';
import type { UserRow, UserTable } from './user.table';

/** Emails are stored lower-cased, so equality here is the case-insensitive comparison. */
export async function findUserByEmail(db: DbOrTrx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function userExists(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function adminExists(db: DbOrTrx): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', [...ADMIN_ROLES])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Inserts the user, or returns undefined when the email is taken (also under a concurrent insert). */
export async function insertUserUnlessEmailTaken(
  db: DbOrTrx,
  user: Insertable<UserTable>,
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values(user)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user exists and is not deactivated. */
export async function isActiveUser(db: DbOrTrx, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('deactivated_at').where('id', '=', id).executeTakeFirst();
  return row !== undefined && row.deactivated_at === null;
}

export async function updatePasswordHash(db: DbOrTrx, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

export async function setRoleAndPassword(db: DbOrTrx, userId: number, role: Role, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ role, password_hash: passwordHash }).where('id', '=', userId).execute();
}
