import type { Transaction } from 'kysely';
import type { Config } from '../config';
import { insertRow } from '../db/precompiled';
import type { Database } from '../db/schema';

/**
 * Queueing a mail: one row in the transaction of what causes it, so the mail and its cause commit
 * together or not at all (docs/decisions.md). Rendering and sending happen later, in the
 * sender, off the request's path. `queue` is false when mail is switched off (MAIL_ENABLED=0);
 * it is plain data, decided once per app.
 */
export const mailQueueingOf = (config: Pick<Config, 'mail'>): boolean => config.mail.enabled;

export const CONFIRMATION_KEY = 'confirmation';
export const shippingNoticeKey = (version: number) => `shipped-v${version}`;

/** The outbox row of a new order's confirmation. */
export function orderConfirmationRow(order: { id: string }, now: number) {
  return { order_id: order.id, mail_key: CONFIRMATION_KEY, state: 'queued' as const, attempts: 0, next_attempt_at: now, created_at: now };
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
  await insertRow(trx, 'mail_outbox', {
    order_id: order.id,
    mail_key: shippingNoticeKey(version),
    state: 'queued',
    attempts: 0,
    next_attempt_at: now,
    payload: JSON.stringify({ trackingNumber: order.tracking_number }),
    created_at: now,
  });
}
