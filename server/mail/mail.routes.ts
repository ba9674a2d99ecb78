import Router from '@koa/router';
import type { MailView } from '../../shared/api/types';
import { routerPath } from '../../shared/api/routes';
import { mailOutboxQuerySchema } from '../../shared/schemas/mail';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { conflict, notFound } from '../errors/http-error';
import { validate } from '../http/validate';
import { listMails, requeueMail, type MailRecord } from './mail-outbox.repository';
import { kindOfMail } from './mail.table';

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

/** The admin's window on the outbox: what failed (or waits) and why, and "send again". */
export function createMailRoutes(app: AppContext): Router {
  const router = new Router();

  router.get(routerPath('mailOutbox'), requireAdmin, async (ctx) => {
    const query = validate(mailOutboxQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { mails: (await listMails(app.db, query)).map(toMailView) };
  });

  router.post(routerPath('mailRetry'), requireAdmin, async (ctx) => {
    const orderId = ctx.params.orderId!;
    const mailKey = ctx.params.mailKey!;
    const requeued = await requeueMail(app.db, orderId, mailKey, app.now());
    const mail = (await listMails(app.db, { orderId, limit: 100 })).find((record) => record.mailKey === mailKey);
    if (!mail) throw notFound('Mail not found.');
    if (!requeued) throw conflict(`This mail is ${mail.state}; only a failed mail can be sent again.`, 'MAIL_NOT_FAILED');
    mailSenderWake(app);
    ctx.body = { mail: toMailView(mail) };
  });
  return router;
}

const wakers = new WeakMap<AppContext, () => void>();

/** The app's sender registers here, so "send again" is tried at once rather than at the next poll. */
export function registerMailWaker(app: AppContext, wake: () => void): void {
  wakers.set(app, wake);
}

function mailSenderWake(app: AppContext): void {
  wakers.get(app)?.();
}
