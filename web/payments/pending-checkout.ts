/**
 * The shopper's checkout in flight, kept in IndexedDB before its request leaves (design.md §4): its
 * Idempotency-Key, the exact body and the body's hash, and whether an answer is still awaited. A
 * reload, another tab or the installed app finds it and sends the same body under the same key, so
 * the server answers the order it placed (or the refusal it gave) and never charges twice. It is
 * removed in the transaction that stores the placed order (last-order.ts), or when the server's
 * answer settles it otherwise.
 */
import { db } from '../db/db';
import type { CheckoutBody } from './place-order';

export const PENDING_CHECKOUT_KEY = 'checkout.pending';

/**
 * The server keeps an Idempotency-Key's answer for 7 days; a pending checkout older than this is
 * forgotten rather than sent again under a key the server may no longer know.
 */
export const PENDING_CHECKOUT_MAX_AGE_MS = 6 * 24 * 3600_000;

export interface PendingCheckout {
  key: string;
  body: CheckoutBody;
  /** SHA-256 of the body's JSON: the same order and card keep the key, anything else gets a new one. */
  bodyHash: string;
  /** 'sending': the request is under way; 'unknown': it left, and no answer has settled it yet. */
  state: 'sending' | 'unknown';
  startedAt: number;
}

export async function hashCheckoutBody(body: CheckoutBody): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The pending checkout, if one awaits an answer and is young enough to be answered. */
export async function readPendingCheckout(now = Date.now()): Promise<PendingCheckout | undefined> {
  const pending = (await db.meta.get(PENDING_CHECKOUT_KEY))?.value as PendingCheckout | undefined;
  if (!pending || now - pending.startedAt > PENDING_CHECKOUT_MAX_AGE_MS) return undefined;
  return pending;
}

/** Stores the checkout about to be sent; resolves once it is on disk. */
export async function beginPendingCheckout(key: string, body: CheckoutBody, now = Date.now()): Promise<PendingCheckout> {
  const pending: PendingCheckout = { key, body, bodyHash: await hashCheckoutBody(body), state: 'sending', startedAt: now };
  await db.meta.put({ key: PENDING_CHECKOUT_KEY, value: pending });
  return pending;
}

/** The request left and no answer settled it: whoever opens the checkout next asks again. */
export async function markPendingCheckoutUnknown(key: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const pending = (await db.meta.get(PENDING_CHECKOUT_KEY))?.value as PendingCheckout | undefined;
    if (pending?.key === key) await db.meta.put({ key: PENDING_CHECKOUT_KEY, value: { ...pending, state: 'unknown' } });
  });
}

/** The server settled this checkout (refused it, or it needs the shopper): forget it, if still this one. */
export async function settlePendingCheckout(key: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const pending = (await db.meta.get(PENDING_CHECKOUT_KEY))?.value as PendingCheckout | undefined;
    if (pending?.key === key) await db.meta.delete(PENDING_CHECKOUT_KEY);
  });
}
