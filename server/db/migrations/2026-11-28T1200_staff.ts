import type { Kysely } from 'kysely';

/**
 * Staff and passwords (design.md §9):
 * - `users.deactivated_at`: a deactivated staff account keeps its row (orders and history name it)
 *   but has no session and cannot sign in or reset its password.
 * - `staff_invites`: a super_admin's invitation, by the SHA-256 of its single-use link's token,
 *   valid 72 h; accepted or replaced (a new invite to the same address) once.
 * - `password_resets`: one row per reset request, by the SHA-256 of its token, valid 1 h, used
 *   once. A request for an unknown address writes a row without a user, so both cost the same.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'bigint').execute();

  await db.schema
    .createTable('staff_invites')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('staff_invites_email_idx').on('staff_invites').column('email').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
  await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('staff_invites').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
