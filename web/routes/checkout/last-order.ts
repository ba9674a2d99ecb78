import { db } from '../../db/db';
import { PENDING_CHECKOUT_KEY } from '../../payments/pending-checkout';
import type { PlacedOrder } from '../../payments/place-order';

/** meta key of the last placed order (spec.md §4 "store it as last order"). */
export const LAST_ORDER_KEY = 'lastOrder';

/** A line of the placed order as the confirmation draws it (the cart is emptied meanwhile). */
export interface ConfirmedLine {
  productType: string | null;
  device: string;
  text: string;
  color: string;
  font: string;
  fontSize: number;
  quantity: number;
}

export type ConfirmedOrder = PlacedOrder & { lines?: ConfirmedLine[] };

export interface LastOrder extends ConfirmedOrder {
  placedAt: number;
}

/** The lines of a checkout body, for the confirmation's thumbnails. */
export function confirmedLines(items: readonly Record<string, unknown>[]): ConfirmedLine[] {
  return items.map((item) => ({
    productType: typeof item.productType === 'string' ? item.productType : null,
    device: String(item.device ?? ''),
    text: String(item.text ?? ''),
    color: String(item.color ?? ''),
    font: String(item.font ?? ''),
    fontSize: Number(item.fontSize) || 24,
    quantity: Number(item.quantity) || 1,
  }));
}

/**
 * Keeps the order as the last order, empties the cart and forgets the pending checkout in one
 * transaction: never one without the others.
 */
export async function recordPlacedOrder(order: ConfirmedOrder): Promise<void> {
  await db.transaction('rw', db.meta, db.cart, async () => {
    await db.meta.put({ key: LAST_ORDER_KEY, value: { ...order, placedAt: Date.now() } satisfies LastOrder });
    await db.meta.delete(PENDING_CHECKOUT_KEY);
    await db.cart.clear();
  });
}

export async function clearLastOrder(): Promise<void> {
  await db.meta.delete(LAST_ORDER_KEY);
}

/**
 * How long the confirmation of the last order keeps showing on /checkout (it survives a reload),
 * so the next shopper on a shared device does not see the previous one's order and email.
 */
export const CONFIRMATION_WINDOW_MS = 30 * 60_000;

export function isConfirmationRecent(order: LastOrder, now = Date.now()): boolean {
  return now - order.placedAt < CONFIRMATION_WINDOW_MS;
}

export async function readLastOrder(): Promise<LastOrder | undefined> {
  return (await db.meta.get(LAST_ORDER_KEY))?.value as LastOrder | undefined;
}
