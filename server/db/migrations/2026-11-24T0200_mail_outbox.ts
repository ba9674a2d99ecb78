import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The mail outbox (docs/decisions/mail.md): one row per mail, written in the transaction of what
 * causes it (an order, a status change), delivered later by the sender (server/mail/mail-sender.ts).
 * Keyed by order and mail (`confirmation`, `shipped-v4`), so an order's mails are one range of the
 * primary key and a mail can never be queued twice; on SQLite stored by that key (WITHOUT ROWID).
 * One partial index finds the mails due: a queued row is in it, a sent or failed one is not, so a
 * checkout adds one entry to it and the index stays as small as the queue. Failed mails, which the
 * admin lists, have their own partial index, empty while everything is delivered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('mail_outbox')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('mail_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claim_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addPrimaryKeyConstraint('mail_outbox_pk', ['order_id', 'mail_key']);
  if (!isPostgres(db)) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').column('next_attempt_at').where(sql.ref('state'), '=', 'queued').execute();
  await db.schema.createIndex('mail_outbox_failed_idx').on('mail_outbox').column('created_at').where(sql.ref('state'), '=', 'failed').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
