import type { Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { MailOutboxRow, MailState } from './mail.table';

type Db = Kysely<Database>;
type MailRef = Pick<MailOutboxRow, 'order_id' | 'mail_key'>;

/**
 * Claims up to `limit` mails that are due, in one statement: their next attempt moves to `leaseUntil`
 * and they carry `token`, so no other sender (another process) takes them until then. On
 * PostgreSQL the rows are locked while they are picked and rows another sender is claiming are
 * skipped; on SQLite the statement runs under the database's one write lock.
 */
export async function claimDueMails(db: Db, options: { now: number; leaseUntil: number; limit: number; token: string }): Promise<MailOutboxRow[]> {
  const { now, leaseUntil, limit, token } = options;
  let due = db
    .selectFrom('mail_outbox')
    .select(['order_id', 'mail_key'])
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ next_attempt_at: leaseUntil, claim_token: token, attempts: eb('attempts', '+', 1) }))
    .where(({ eb, refTuple }) => eb(refTuple('order_id', 'mail_key'), 'in', due.$asTuple('order_id', 'mail_key')))
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
}

/** Records an attempt's outcome, only under the claim it was made with. */
export async function recordAttempt(
  db: Db,
  mail: MailRef & { claim_token: string | null },
  outcome: { state: MailState; error: string | null; nextAttemptAt: number; now: number },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      state: outcome.state,
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
      claim_token: null,
      sent_at: outcome.state === 'sent' ? outcome.now : null,
    })
    .where('order_id', '=', mail.order_id)
    .where('mail_key', '=', mail.mail_key)
    .where('claim_token', '=', mail.claim_token)
    .execute();
}

/** The admin's view of the outbox: one state, or one order's mails, newest first. */
export async function listMails(db: Db, filter: { state?: MailState; orderId?: string; limit: number }): Promise<MailOutboxRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  if (filter.state) query = query.where('state', '=', filter.state);
  return query.orderBy('created_at', 'desc').limit(filter.limit).execute();
}

/** A failed mail goes back in the queue with a fresh set of attempts (the admin's "Send again"). */
export async function requeueMail(db: Db, mail: MailRef, now: number): Promise<MailOutboxRow | undefined> {
  return db
    .updateTable('mail_outbox')
    .set({ state: 'queued', attempts: 0, next_attempt_at: now, claim_token: null })
    .where('order_id', '=', mail.order_id)
    .where('mail_key', '=', mail.mail_key)
    .where('state', '=', 'failed')
    .returningAll()
    .executeTakeFirst();
}

export async function findMail(db: Db, mail: MailRef): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('order_id', '=', mail.order_id).where('mail_key', '=', mail.mail_key).executeTakeFirst();
}
