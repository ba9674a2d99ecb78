import Router from '@koa/router';
import type { MailView } from '../../shared/api/types';
import { routerPath } from '../../shared/api/routes';
import { mailOutboxQuerySchema } from '../../shared/schemas/order-lookup';
import type { AppContext } from '../app-context';
import { requireAdmin } from '../auth/auth.guards';
import { conflict, notFound } from '../errors/http-error';
import { validate } from '../http/validate';
import { findMail, listMails, requeueMail } from './mail-outbox.repository';
import type { MailOutboxRow } from './mail.table';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function toMailViews(app: AppContext, rows: MailOutboxRow[]): Promise<MailView[]> {
  const ids = [...new Set(rows.map((row) => row.order_id))];
  const numbers = ids.length
    ? new Map((await app.db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', ids).execute()).map((o) => [o.id, o.order_number]))
    : new Map<string, string>();
  return rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: numbers.get(row.order_id) ?? null,
    mailKey: row.mail_key,
    kind: row.kind,
    recipient: row.recipient,
    messageId: row.message_id,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'queued' ? iso(row.next_attempt_at) : null,
    createdAt: iso(row.created_at)!,
    sentAt: iso(row.sent_at),
  }));
}

/** The admin's window on the outbox: what failed (or waits) and why, and "send again". */
export function createMailRoutes(app: AppContext): Router {
  const router = new Router();

  router.get(routerPath('mailOutbox'), requireAdmin, async (ctx) => {
    const query = validate(mailOutboxQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { mails: await toMailViews(app, await listMails(app.db, query)) };
  });

  router.post(routerPath('mailRetry'), requireAdmin, async (ctx) => {
    const mail = { order_id: ctx.params.orderId!, mail_key: ctx.params.mailKey! };
    const requeued = await requeueMail(app.db, mail, app.now());
    if (!requeued) {
      const existing = await findMail(app.db, mail);
      if (!existing) throw notFound('Mail not found.');
      throw conflict(`This mail is ${existing.state}; only a failed mail can be sent again.`, 'MAIL_NOT_FAILED');
    }
    mailSenderWake(app);
    ctx.body = { mail: (await toMailViews(app, [requeued]))[0] };
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
