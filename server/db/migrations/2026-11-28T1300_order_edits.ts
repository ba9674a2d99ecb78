import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Orders that can be fixed:
 * - `order_history` gains the line a text/colour/font edit changed and its design before and after
 *   (JSON of `{text, color, font}`), so an edit is one more entry of the order's history.
 * - `order_notes`: staff-only notes on an order, with their author and time. Never read by any
 *   customer-facing answer, mail or page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_history').addColumn('line_no', 'integer').execute();
  await db.schema.alterTable('order_history').addColumn('line_from', 'text').execute();
  await db.schema.alterTable('order_history').addColumn('line_to', 'text').execute();
  await db.schema
    .createTable('order_notes')
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'integer')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order_idx').on('order_notes').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_notes').execute();
  for (const column of ['line_to', 'line_from', 'line_no']) await db.schema.alterTable('order_history').dropColumn(column).execute();
}
