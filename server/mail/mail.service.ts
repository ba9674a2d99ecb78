import type { MailView } from '../../shared/api/types';
import type { AppContext } from '../app-context';
import { inTransaction } from '../db/transaction';
import { conflict, notFound } from '../errors/http-error';
import { listMails, requeueMail, type MailRecord } from './mail-outbox.repository';
import { kindOfMail, type MailState } from './mail.table';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toMailView(record: MailRecord): MailView {
  return {
    orderId: record.orderId,
    orderNumber: record.orderNumber,
    mailKey: record.mailKey,
    kind: kindOfMail(record.mailKey),
    recipient: record.recipient,
    messageId: record.messageId,
    state: record.state,
    attempts: record.attempts,
    lastError: record.lastError,
    nextAttemptAt: iso(record.nextAttemptAt),
    createdAt: iso(record.createdAt)!,
    sentAt: iso(record.sentAt),
  };
}

/** GET /api/mail/outbox: what failed (or waits) and why. */
export async function listOutbox(app: AppContext, filter: { state?: MailState; orderId?: string; limit: number }): Promise<{ mails: MailView[] }> {
  return { mails: (await listMails(app.db, filter)).map(toMailView) };
}

/** POST /api/mail/outbox/:orderId/:mailKey/retry: a failed mail queued again and tried at once. */
export async function retryMail(app: AppContext, orderId: string, mailKey: string): Promise<{ mail: MailView }> {
  // Read back in the same transaction: a sender's poll could otherwise claim the mail in between.
  const mail = await inTransaction(app.db)(async (trx) => {
    const requeued = await requeueMail(trx, orderId, mailKey, app.now());
    const record = (await listMails(trx, { orderId, limit: 100 })).find((candidate) => candidate.mailKey === mailKey);
    if (!record) throw notFound('Mail not found.');
    if (!requeued) throw conflict(`This mail is ${record.state}; only a failed mail can be sent again.`, 'MAIL_NOT_FAILED');
    return record;
  });
  wakers.get(app)?.();
  return { mail: toMailView(mail) };
}

const wakers = new WeakMap<AppContext, () => void>();

/** The app's sender registers here, so "send again" is tried at once rather than at the next poll. */
export function registerMailWaker(app: AppContext, wake: () => void): void {
  wakers.set(app, wake);
}

/** Looks for due mails now (a mail queued outside a checkout, such as a password reset). */
export function wakeMailSender(app: AppContext): void {
  wakers.get(app)?.();
}
