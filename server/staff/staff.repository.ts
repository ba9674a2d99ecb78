import type { Insertable } from 'kysely';
import { ADMIN_ROLES } from '../http/auth.guards';
import type { UserRow } from '../auth/user.table';
import type { DbOrTrx } from '../db/transaction';
import type { StaffInviteRow, StaffInviteTable, StaffRole } from './staff.table';

/** Every admin and super_admin, active or not, oldest first (the shop's first admin on top). */
export async function listStaffUsers(db: DbOrTrx): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('role', 'in', [...ADMIN_ROLES]).orderBy('created_at').orderBy('id').execute();
}

/** Invitations neither accepted nor replaced, newest first; expired ones too (they may be sent again). */
export async function listOpenInvites(db: DbOrTrx): Promise<StaffInviteRow[]> {
  return db.selectFrom('staff_invites').selectAll().where('accepted_at', 'is', null).where('revoked_at', 'is', null).orderBy('created_at', 'desc').execute();
}

export async function findInvite(db: DbOrTrx, tokenHash: string): Promise<StaffInviteRow | undefined> {
  return db.selectFrom('staff_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertInvite(db: DbOrTrx, invite: Insertable<StaffInviteTable>): Promise<StaffInviteRow> {
  return db.insertInto('staff_invites').values(invite).returningAll().executeTakeFirstOrThrow();
}

/**
 * Ends the address's open invitations (a new one replaces them, or the owner withdraws them): their
 * links stop working. Answers how many there were.
 */
export async function revokeOpenInvites(db: DbOrTrx, email: string, now: number): Promise<number> {
  const result = await db.updateTable('staff_invites').set({ revoked_at: now }).where('email', '=', email).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Accepts the invitation once: false when it was accepted, replaced or expired meanwhile. */
export async function markInviteAccepted(db: DbOrTrx, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A customer's account becomes staff: its orders stay, its name and password are the invitee's. */
export async function makeStaff(db: DbOrTrx, userId: number, account: { role: StaffRole; first_name: string; last_name: string; password_hash: string }): Promise<UserRow> {
  return db.updateTable('users').set({ ...account, deactivated_at: null }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export async function updateStaff(db: DbOrTrx, userId: number, change: { role?: StaffRole; deactivated_at?: number | null }): Promise<UserRow> {
  return db.updateTable('users').set(change).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export async function countActiveSuperAdmins(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'super_admin')
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
