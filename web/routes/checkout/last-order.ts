import { db } from '../../db/db';
import type { PlacedOrder } from '../../payments/place-order';

/** meta key of the last placed order (spec.md §4 "store it as last order"). */
export const LAST_ORDER_KEY = 'lastOrder';

export interface LastOrder extends PlacedOrder {
  placedAt: number;
}

/** Keeps the order as the last order and empties the cart in one transaction: never one without the other. */
export async function recordPlacedOrder(order: PlacedOrder): Promise<void> {
  await db.transaction('rw', db.meta, db.cart, async () => {
    await db.meta.put({ key: LAST_ORDER_KEY, value: { ...order, placedAt: Date.now() } satisfies LastOrder });
    await db.cart.clear();
  });
}

export async function clearLastOrder(): Promise<void> {
  await db.meta.delete(LAST_ORDER_KEY);
}

export async function readLastOrder(): Promise<LastOrder | undefined> {
  return (await db.meta.get(LAST_ORDER_KEY))?.value as LastOrder | undefined;
}
