import type Stripe from 'stripe';
import type { DbOrTrx } from '../db/transaction';
import { applyRefundStatus } from './refund.repository';

const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

interface RefundLike {
  id?: unknown;
  status?: unknown;
}

/**
 * Refund events from Stripe: a refund that later fails or is cancelled (`refund.updated`,
 * `charge.refund.updated`, `refund.failed`) or the refunds listed on `charge.refunded` bring the
 * shop's refund rows and the order's refunded amount in line. Undefined for other events.
 */
export async function applyRefundEvent(trx: DbOrTrx, event: Stripe.Event, now: number): Promise<string | undefined> {
  let refunds: RefundLike[];
  if (event.type === 'charge.refunded') {
    const list = (event.data.object as { refunds?: { data?: unknown } }).refunds?.data;
    refunds = Array.isArray(list) ? (list as RefundLike[]) : [];
  } else if (REFUND_EVENTS.has(event.type)) {
    refunds = [event.data.object as RefundLike];
  } else {
    return undefined;
  }
  const results: string[] = [];
  for (const refund of refunds) {
    if (typeof refund?.id !== 'string' || typeof refund.status !== 'string') continue;
    results.push(await applyRefundStatus(trx, refund.id, refund.status, now));
  }
  return results.includes('refund_updated') ? 'refund_updated' : (results[0] ?? 'ignored');
}
