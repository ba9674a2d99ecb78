import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import type { DbOrTrx } from '../db/transaction';
import type { MailOutboxRow, MailState } from './mail.table';

type Db = Kysely<Database>;

/** A mail queued now, in the caller's transaction; `mailKey` is unique per order (or account) and mail. */
export async function insertQueuedMail(trx: DbOrTrx, mail: { orderId: string; mailKey: string; payload: string | null; now: number }): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({ order_id: mail.orderId, mail_key: mail.mailKey, state: 'queued', attempts: 0, next_attempt_at: mail.now, payload: mail.payload, created_at: mail.now })
    .execute();
}

/**
 * Claims up to `limit` mails that are due, in one statement: their next attempt moves to `leaseUntil`
 * and they carry `token`, so no other sender (another process) takes them until then. A mail's
 * Message-ID is fixed at its first claim. On PostgreSQL the rows are locked while they are picked
 * and rows another sender is claiming are skipped; on SQLite the statement runs under the
 * database's one write lock.
 */
export async function claimDueMails(db: Db, options: { now: number; leaseUntil: number; limit: number; token: string; messageIdDomain: string }): Promise<MailOutboxRow[]> {
  const { now, leaseUntil, limit, token, messageIdDomain } = options;
  let due = db.selectFrom('mail_outbox').select('id').where('state', '=', 'queued').where('next_attempt_at', '<=', now).orderBy('id').limit(limit);
  if (isPostgres(db)) due = due.forUpdate().skipLocked();
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({
      next_attempt_at: leaseUntil,
      claim_token: token,
      attempts: eb('attempts', '+', 1),
      message_id: sql<string>`coalesce(message_id, '<' || mail_key || '.' || order_id || ${`@${messageIdDomain}>`})`,
    }))
    .where('id', 'in', due)
    .where('state', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
}

/** Which of `mails` were already delivered (then they must not go again), as `orderId mailKey` keys. */
export async function alreadySent(db: Db, mails: readonly Pick<MailOutboxRow, 'order_id' | 'mail_key'>[]): Promise<Set<string>> {
  if (mails.length === 0) return new Set();
  const rows = await db
    .selectFrom('mail_sent')
    .select(['order_id', 'mail_key'])
    .where('order_id', 'in', [...new Set(mails.map((mail) => mail.order_id))])
    .execute();
  return new Set(rows.map(sentKey));
}

export const sentKey = (mail: Pick<MailOutboxRow, 'order_id' | 'mail_key'>) => `${mail.order_id} ${mail.mail_key}`;

/** A delivered mail moves from the outbox to `mail_sent`, in one transaction, under its claim. */
export async function recordSent(db: Db, mail: MailOutboxRow, recipient: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_sent')
      .values({ order_id: mail.order_id, mail_key: mail.mail_key, recipient, message_id: mail.message_id ?? '', attempts: mail.attempts, created_at: mail.created_at, sent_at: now })
      .onConflict((oc) => oc.columns(['order_id', 'mail_key']).doNothing())
      .execute();
    await trx.deleteFrom('mail_outbox').where('id', '=', mail.id).where('claim_token', '=', mail.claim_token).execute();
  });
}

/** Drops a claimed mail that turned out to be sent already. */
export async function dropMail(db: Db, mail: MailOutboxRow): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', mail.id).where('claim_token', '=', mail.claim_token).execute();
}

/** A failed attempt: back to the queue for `nextAttemptAt`, or failed for good; only under its claim. */
export async function recordFailure(db: Db, mail: MailOutboxRow, outcome: { state: 'queued' | 'failed'; error: string; nextAttemptAt: number }): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ state: outcome.state, last_error: outcome.error, next_attempt_at: outcome.nextAttemptAt, claim_token: null })
    .where('id', '=', mail.id)
    .where('claim_token', '=', mail.claim_token)
    .execute();
}

/** One mail as the admin sees it, wherever it is (outbox or sent). */
export interface MailRecord {
  orderId: string;
  orderNumber: string | null;
  mailKey: string;
  state: MailState;
  recipient: string | null;
  messageId: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
  sentAt: number | null;
}

/** The admin's view of the mails: one state, or one order's mails, newest first. */
export async function listMails(db: Db, filter: { state?: MailState; orderId?: string; limit: number }): Promise<MailRecord[]> {
  const records: MailRecord[] = [];
  if (filter.state !== 'sent') {
    let pending = db
      .selectFrom('mail_outbox')
      .leftJoin('orders', 'orders.id', 'mail_outbox.order_id')
      .select(['mail_outbox.order_id', 'mail_outbox.mail_key', 'mail_outbox.state', 'mail_outbox.attempts', 'mail_outbox.next_attempt_at', 'mail_outbox.message_id', 'mail_outbox.last_error', 'mail_outbox.created_at', 'orders.order_number', 'orders.customer_email']);
    if (filter.state) pending = pending.where('mail_outbox.state', '=', filter.state);
    // Account mails (resets, invitations; server/mail/account-mail.ts) are no order's and carry links: not listed.
    pending = pending.where('mail_outbox.order_id', 'not like', 'account-%');
    if (filter.orderId) pending = pending.where('mail_outbox.order_id', '=', filter.orderId);
    for (const row of await pending.orderBy('mail_outbox.created_at', 'desc').limit(filter.limit).execute()) {
      records.push({
        orderId: row.order_id,
        orderNumber: row.order_number,
        mailKey: row.mail_key,
        state: row.state,
        recipient: row.customer_email,
        messageId: row.message_id,
        attempts: row.attempts,
        lastError: row.last_error,
        nextAttemptAt: row.state === 'queued' ? row.next_attempt_at : null,
        createdAt: row.created_at,
        sentAt: null,
      });
    }
  }
  if (filter.state === undefined || filter.state === 'sent') {
    let sent = db.selectFrom('mail_sent').leftJoin('orders', 'orders.id', 'mail_sent.order_id').select(['mail_sent.order_id', 'mail_sent.mail_key', 'mail_sent.recipient', 'mail_sent.message_id', 'mail_sent.attempts', 'mail_sent.created_at', 'mail_sent.sent_at', 'orders.order_number']);
    if (filter.orderId) sent = sent.where('mail_sent.order_id', '=', filter.orderId);
    sent = sent.where('mail_sent.order_id', 'not like', 'account-%');
    for (const row of await sent.orderBy('mail_sent.sent_at', 'desc').limit(filter.limit).execute()) {
      records.push({
        orderId: row.order_id,
        orderNumber: row.order_number,
        mailKey: row.mail_key,
        state: 'sent',
        recipient: row.recipient,
        messageId: row.message_id,
        attempts: row.attempts,
        lastError: null,
        nextAttemptAt: null,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      });
    }
  }
  return records.sort((a, b) => b.createdAt - a.createdAt).slice(0, filter.limit);
}

/** A failed mail goes back in the queue with a fresh set of attempts (the admin's "Send again"). */
export async function requeueMail(db: Db, orderId: string, mailKey: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ state: 'queued', attempts: 0, next_attempt_at: now, claim_token: null })
    .where('order_id', '=', orderId)
    .where('mail_key', '=', mailKey)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Mails in the outbox by state: what the metrics report as its depth. */
export async function countOutbox(db: Db): Promise<{ queued: number; failed: number }> {
  const rows = await db.selectFrom('mail_outbox').select(['state', db.fn.countAll<number>().as('n')]).groupBy('state').execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return { queued: count('queued'), failed: count('failed') };
}
