import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * `design_picture_key`: one row, the secret the links to the design pictures in mails are signed
 * with (server/orders/design-picture-link.ts). Drawn here, once, so every process of the shop signs
 * and checks with the same key without a setting, and a restored backup keeps the links it mailed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('design_picture_key')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .execute();
  await db.insertInto('design_picture_key').values({ id: 1, secret: randomBytes(32).toString('base64url') }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('design_picture_key').execute();
}
