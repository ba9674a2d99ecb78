import type { Transaction } from 'kysely';
import type { Config } from '../config';
import { insertRow } from '../db/precompiled';
import type { Database } from '../db/schema';
import type { MailKind, MailOutboxTable } from './mail.table';

/**
 * Queueing a mail: one row in the transaction of what causes it, so the mail and its cause commit
 * together or not at all (docs/decisions/mail.md). Rendering and sending happen later, in the
 * sender, off the request's path. Plain data only: the checkout writer thread queues too.
 */
export interface MailQueueing {
  messageIdDomain: string;
}

/** null when mail is switched off (MAIL_ENABLED=0): nothing is queued. */
export function mailQueueingOf(config: Pick<Config, 'mail'>): MailQueueing | null {
  return config.mail.enabled ? { messageIdDomain: config.mail.messageIdDomain } : null;
}

export const CONFIRMATION_KEY = 'confirmation';
export const shippingNoticeKey = (version: number) => `shipped-v${version}`;

function outboxRow(queueing: MailQueueing, orderId: string, mailKey: string, kind: MailKind, recipient: string, payload: string | null, now: number): MailOutboxTable {
  return {
    order_id: orderId,
    mail_key: mailKey,
    kind,
    recipient,
    message_id: `<${mailKey}.${orderId}@${queueing.messageIdDomain}>`,
    payload,
    state: 'queued',
    attempts: 0,
    next_attempt_at: now,
    claim_token: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}

/**
 * The order confirmation of a new order: the one statement a checkout adds to its transaction,
 * precompiled like the others on that path. A second queueing of the same mail is ignored.
 */
export async function queueOrderConfirmation(
  trx: Transaction<Database>,
  queueing: MailQueueing | null,
  order: { id: string; customer_email: string },
  now: number,
): Promise<void> {
  if (!queueing) return;
  await insertRow(trx, 'mail_outbox', outboxRow(queueing, order.id, CONFIRMATION_KEY, 'order_confirmation', order.customer_email, null, now), { ignoreConflict: true });
}

/** The shipping notice of an order that has just become shipped (at `version`), with its tracking number. */
export async function queueShippingNotice(
  trx: Transaction<Database>,
  queueing: MailQueueing | null,
  order: { id: string; customer_email: string; tracking_number: string | null },
  version: number,
  now: number,
): Promise<void> {
  if (!queueing) return;
  const payload = JSON.stringify({ trackingNumber: order.tracking_number });
  await insertRow(trx, 'mail_outbox', outboxRow(queueing, order.id, shippingNoticeKey(version), 'shipping_notice', order.customer_email, payload, now), { ignoreConflict: true });
}
