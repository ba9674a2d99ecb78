import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context';
import { loadItems } from '../orders/order.repository';
import { designPictureKey } from '../orders/design-picture.repository';
import type { OrderItemRow, OrderRow } from '../orders/order.table';
import { isAccountMail } from '../mail/account-mail';
import { alreadySent, claimDueMails, dropMail, recordFailure, recordSent, sentKey } from '../mail/mail-outbox.repository';
import { ordersToMail } from './mail-delivery.repository';
import { createMailComposer, type MailToCompose } from './mail-composer';
import { createMailTransport, SMTP_CONNECTIONS, type MailTransport } from './mail-transport';
import { kindOfMail, type MailOutboxRow } from '../mail/mail.table';

export interface MailSender {
  /** Looks for due mails now rather than at the next poll. */
  wake(): void;
  /** Stops polling and waits for the attempt under way. */
  close(): Promise<void>;
}

/** Mails claimed at a time; a full batch is followed at once by the next. */
const BATCH = 40;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Delivers the outbox (docs/decisions.md). Each process runs one; they share nothing but the
 * table. A mail is claimed in the database before it is sent (mail-outbox.repository.ts), so two
 * processes never send the same one; a failed attempt is retried with exponential back-off, and
 * after `maxAttempts` the mail is `failed` and shown to the admin. A crash after the claim leaves
 * the mail to be retried once the claim's lease runs out.
 *
 * A round claims up to BATCH due mails in one statement, reads what they need in three (which were
 * sent already, their orders, their lines), has them composed on a thread of their own
 * (mail-composer.ts) and hands them to the SMTP pool; each mail is recorded as sent as soon as the
 * server accepted it, so the window in which a crash would send a mail again stays a commit long.
 *
 * Mail is never held back for traffic: the customer was promised it. The sender yields only by
 * being ordinary asynchronous work between requests (a timer, then awaited I/O) and by its thread's
 * lower priority, and a full round is followed at once by the next, so a confirmation leaves within
 * a round or a poll of its commit.
 */
export function startMailSender(app: AppContext): MailSender {
  const { config, db, logger } = app;
  const mail = config.mail;
  const transport: MailTransport = createMailTransport(mail);
  const token = randomUUID();
  // How often an idle sender looks for due mails (a read on a partial index; cheap): MAIL_POLL_MS,
  // a second unless tests ask for less.
  const pollMs = mail.pollMs;
  // Long enough for a whole batch to wait its turn on the pool's connections, each step of each
  // conversation allowed the send timeout; a process that dies holding a claim delays those mails this long.
  const leaseMs = Math.max(60_000, Math.ceil(BATCH / SMTP_CONNECTIONS) * mail.sendTimeoutMs);
  const composer = createMailComposer(transport.newline);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  async function deliver(row: MailOutboxRow, order: OrderRow | undefined, items: OrderItemRow[], pictureKey: string): Promise<void> {
    try {
      const composed = await composer.compose(toCompose(row, order, items, pictureKey));
      await transport.send(composed, `${order?.order_number ?? row.order_id}-${row.mail_key}`);
      await recordSent(db, row, composed.to, app.now());
      logger.info('mail sent', { orderId: row.order_id, mail: row.mail_key, messageId: row.message_id });
    } catch (error) {
      await failed(row, error);
    }
  }

  /** A password reset or staff invitation (server/mail/account-mail.ts) needs only its payload; an order mail, the order. */
  function toCompose(row: MailOutboxRow, order: OrderRow | undefined, items: OrderItemRow[], pictureKey: string): MailToCompose {
    if (isAccountMail(row)) return { kind: 'account', payload: row.payload ?? '{}', messageId: row.message_id!, from: mail.from };
    if (!order) throw new Error(`Order ${row.order_id} not found`);
    return {
      kind: 'order',
      mail: { kind: kindOfMail(row.mail_key), messageId: row.message_id!, payload: row.payload },
      order,
      items,
      context: { from: mail.from, publicUrl: mail.publicUrl, designPictureKey: pictureKey },
    };
  }

  async function failed(row: MailOutboxRow, error: unknown): Promise<void> {
    const now = app.now();
    const giveUp = row.attempts >= mail.maxAttempts;
    const message = describeError(error);
    const retryAt = giveUp ? now : now + Math.min(MAX_BACKOFF_MS, mail.retryBaseMs * 2 ** (row.attempts - 1));
    await recordFailure(db, row, { state: giveUp ? 'failed' : 'queued', error: message, nextAttemptAt: retryAt }).catch((recordError: unknown) =>
      logger.error('mail attempt could not be recorded', { orderId: row.order_id, mail: row.mail_key, error: String(recordError) }),
    );
    app.metrics.mailFailures.inc({ final: String(giveUp) });
    logger.warn(giveUp ? 'mail failed for good' : 'mail attempt failed', { orderId: row.order_id, mail: row.mail_key, attempt: row.attempts, error: message });
  }

  /** The claimed mails, delivered: what each needs is read for the whole batch at once. */
  async function deliverAll(claimed: MailOutboxRow[]): Promise<void> {
    const orderIds = [...new Set(claimed.map((row) => row.order_id))];
    let needs: [Set<string>, Map<string, OrderRow>, Map<string, OrderItemRow[]>, Buffer];
    try {
      needs = await Promise.all([alreadySent(db, claimed), ordersToMail(db, orderIds), loadItems(db, orderIds), designPictureKey(db)]);
    } catch (error) {
      await Promise.all(claimed.map((row) => failed(row, error)));
      return;
    }
    const [sent, orders, items, key] = needs;
    const pictureKey = key.toString('base64url');
    await Promise.all(
      claimed.map((row) =>
        // Queued twice by mistake, or sent by a process whose record of it was lost: never again.
        sent.has(sentKey(row)) ? dropMail(db, row).catch((error: unknown) => failed(row, error)) : deliver(row, orders.get(row.order_id), items.get(row.order_id) ?? [], pictureKey),
      ),
    );
  }

  /** One round: claims what is due and delivers it; returns how long to wait before the next. */
  async function round(): Promise<number> {
    const now = app.now();
    const claimed = await claimDueMails(db, { now, leaseUntil: now + leaseMs, limit: BATCH, token, messageIdDomain: mail.messageIdDomain });
    if (claimed.length > 0) await deliverAll(claimed);
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
      await composer.close();
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
