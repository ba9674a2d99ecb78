import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context';
import { findOrderById, loadItems } from '../orders/order.repository';
import { claimDueMails, dropMail, recordFailure, recordSent, wasSent } from './mail-outbox.repository';
import { renderMail, type RenderedMail } from './mail-render';
import { isAccountMail, renderAccountMail } from '../staff/account-mail';
import { createMailTransport, type MailTransport } from './mail-transport';
import { kindOfMail, type MailOutboxRow } from './mail.table';

export interface MailSender {
  /** Looks for due mails now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the attempt under way. */
  close(): Promise<void>;
}

/** Mails claimed at a time; a full batch is followed at once by the next. */
const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Delivers the outbox (docs/decisions/mail.md). Each process runs one; they share nothing but the
 * table. A mail is claimed in the database before it is sent (mail-outbox.repository.ts), so two
 * processes never send the same one; a failed attempt is retried with exponential back-off, and
 * after `maxAttempts` the mail is `failed` and shown to the admin. A crash after the claim leaves
 * the mail to be retried once the claim's lease runs out.
 *
 * Mail is never held back for traffic: the customer was promised it. The sender yields only by
 * being ordinary asynchronous work between requests (a timer, then awaited I/O), and a checkout
 * wakes it (mail.service.ts, registerMailWaker), so a confirmation leaves within a round of its commit.
 */
export function startMailSender(app: AppContext): MailSender {
  const { config, db, logger } = app;
  const mail = config.mail;
  const transport: MailTransport = createMailTransport(mail);
  const token = randomUUID();
  // How often an idle sender looks for due mails (a read on a partial index; cheap), and how long it
  // waits while the shop is busy: MAIL_POLL_MS, a second unless tests ask for less.
  const pollMs = mail.pollMs;
  // Long enough for a whole batch to wait its turn on the pool's two connections, each step of each
  // conversation allowed the send timeout; a process that dies holding a claim delays those mails this long.
  const leaseMs = Math.max(60_000, BATCH * mail.sendTimeoutMs);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  async function deliver(row: MailOutboxRow): Promise<void> {
    try {
      // Queued twice by mistake, or sent by a process whose record of it was lost: never again.
      if (await wasSent(db, row)) return void (await dropMail(db, row));
      const { rendered, name } = isAccountMail(row) ? accountMail(row) : await orderMail(row);
      await transport.send(rendered, name);
      await recordSent(db, row, rendered.to, app.now());
      logger.info('mail sent', { orderId: row.order_id, mail: row.mail_key, messageId: row.message_id });
    } catch (error) {
      const now = app.now();
      const giveUp = row.attempts >= mail.maxAttempts;
      const message = describeError(error);
      const retryAt = giveUp ? now : now + Math.min(MAX_BACKOFF_MS, mail.retryBaseMs * 2 ** (row.attempts - 1));
      await recordFailure(db, row, { state: giveUp ? 'failed' : 'queued', error: message, nextAttemptAt: retryAt }).catch((recordError: unknown) =>
        logger.error('mail attempt could not be recorded', { orderId: row.order_id, mail: row.mail_key, error: String(recordError) }),
      );
      logger.warn(giveUp ? 'mail failed for good' : 'mail attempt failed', { orderId: row.order_id, mail: row.mail_key, attempt: row.attempts, error: message });
    }
  }

  async function orderMail(row: MailOutboxRow): Promise<{ rendered: RenderedMail; name: string }> {
    const order = await findOrderById(db, row.order_id);
    if (!order) throw new Error(`Order ${row.order_id} not found`);
    const items = (await loadItems(db, [order.id])).get(order.id) ?? [];
    const rendered = await renderMail({ kind: kindOfMail(row.mail_key), messageId: row.message_id!, payload: row.payload }, order, items, { from: mail.from, publicUrl: mail.publicUrl });
    return { rendered, name: `${order.order_number}-${row.mail_key}` };
  }

  /** A password reset or staff invitation (server/staff/account-mail.ts): all it needs is in its payload. */
  function accountMail(row: MailOutboxRow): { rendered: RenderedMail; name: string } {
    return { rendered: renderAccountMail(row.payload ?? '{}', row.message_id!, { from: mail.from }), name: `${row.order_id}-${row.mail_key}` };
  }

  /** One round: claims what is due and delivers it; returns how long to wait before the next. */
  async function round(): Promise<number> {
    const now = app.now();
    const claimed = await claimDueMails(db, { now, leaseUntil: now + leaseMs, limit: BATCH, token, messageIdDomain: mail.messageIdDomain });
    await Promise.all(claimed.map(deliver));
    return claimed.length === BATCH ? 0 : pollMs;
  }

  function schedule(delay: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run() {
    timer = null;
    if (running || closed) return;
    running = round()
      .catch((error: unknown) => {
        logger.error('mail sender round failed', { error: String(error) });
        return pollMs;
      })
      .then((delay) => {
        running = null;
        schedule(delay);
      });
  }

  logger.info('mail sender started', { transport: transport.describe() });
  schedule(0);
  return {
    wake() {
      if (!running) schedule(0);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

/** What the admin sees of a failed attempt: the SMTP server's answer when there is one. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, response } = error as Error & { code?: string; response?: string };
  const detail = response && !error.message.includes(response) ? ` (${response})` : '';
  return `${code ? `${code}: ` : ''}${error.message}${detail}`.slice(0, 1000);
}
