import type { Transaction } from 'kysely';
import type { Config } from '../config/config';
import type { Database } from '../db/schema';
import type { DbOrTrx } from '../db/transaction';
import { insertQueuedMail } from './mail-outbox.repository';

/**
 * Queueing a mail: one row in the transaction of what causes it, so the mail and its cause commit
 * together or not at all (docs/decisions.md). Rendering and sending happen later, in the
 * sender, off the request's path. `queue` is false when mail is switched off (MAIL_ENABLED=0);
 * it is plain data, decided once per app.
 */
export const mailQueueingOf = (config: Pick<Config, 'mail'>): boolean => config.mail.enabled;

export const CONFIRMATION_KEY = 'confirmation';
export const shippingNoticeKey = (version: number) => `shipped-v${version}`;

/** Queues a new order's confirmation, in the transaction that writes the order. */
export async function queueOrderConfirmation(trx: DbOrTrx, queue: boolean, orderId: string, now: number): Promise<void> {
  if (!queue) return;
  await insertQueuedMail(trx, { orderId, mailKey: CONFIRMATION_KEY, payload: null, now });
}

/** The shipping notice of an order that has just become shipped (at `version`, which no other change has), with its tracking number. */
export async function queueShippingNotice(
  trx: Transaction<Database>,
  queue: boolean,
  order: { id: string; tracking_number: string | null },
  version: number,
  now: number,
): Promise<void> {
  if (!queue) return;
  await insertQueuedMail(trx, { orderId: order.id, mailKey: shippingNoticeKey(version), payload: JSON.stringify({ trackingNumber: order.tracking_number }), now });
}

/** What a customer is told about a change an admin (or Stripe) made to the order after it was placed. */
export type OrderUpdateMail =
  | { kind: 'cancelled'; version: number; refundCents: number }
  | { kind: 'refund'; refundId: string; amountCents: number }
  | { kind: 'refund_failed'; refundId: string; amountCents: number }
  | { kind: 'text_fixed'; version: number; line: number; from: string; to: string };

/** Each update's key names the change it tells of, so a replayed change cannot queue it twice. */
export function orderUpdateMailKey(mail: OrderUpdateMail): string {
  switch (mail.kind) {
    case 'cancelled':
      return `cancelled-v${mail.version}`;
    case 'refund':
      return `refund-${mail.refundId}`;
    case 'refund_failed':
      return `refund-failed-${mail.refundId}`;
    case 'text_fixed':
      return `text-fixed-v${mail.version}`;
  }
}

/** Queues a mail telling the customer of a change to their order, in the transaction of the change. */
export async function queueOrderUpdateMail(trx: DbOrTrx, queue: boolean, orderId: string, mail: OrderUpdateMail, now: number): Promise<void> {
  if (!queue) return;
  await insertQueuedMail(trx, { orderId, mailKey: orderUpdateMailKey(mail), payload: JSON.stringify(mail), now });
}
