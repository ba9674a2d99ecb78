import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Mail (docs/decisions.md):
 * - `mail_outbox`: the mails still to send (and those that failed for good), one row each, written
 *   in the transaction of what causes it (an order, a change to shipped). It is kept to what a
 *   checkout must write: an integer key that only grows, so each commit appends to one page, and no
 *   secondary index (the table holds only what is unsent, so the sender's scan stays short). A
 *   checkout adds about one WAL frame per batch this way, against ~14 for a table keyed by order
 *   with an index of due mails (measured: bench/support/writer-cost.ts).
 * - `mail_sent`: each delivered mail, moved there by the sender with its Message-ID; keyed by order
 *   and mail (`confirmation`, `shipped-v4`), so an order's mails are one range of the key and a mail
 *   is recorded as sent once. On SQLite it is stored by that key (WITHOUT ROWID).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    // SQLite: the rowid itself (no AUTOINCREMENT, whose counter table would be one more write per checkout).
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('mail_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('message_id', 'text')
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  let sent = db.schema
    .createTable('mail_sent')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('mail_key', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_sent_pk', ['order_id', 'mail_key']);
  if (!isPostgres(db)) sent = sent.modifyEnd(sql`without rowid`);
  await sent.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_sent').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
