import type { CachedOrder } from '../../../db/db';

export const RECENTLY_SHIPPED_MAX = 10;

export interface FulfillmentLists {
  production: CachedOrder[];
  readyToShip: CachedOrder[];
  inTransit: CachedOrder[];
  recentlyShipped: CachedOrder[];
}

const shippedAt = (o: CachedOrder) => Date.parse(o.fulfillmentData.shippedAt ?? o.updatedAt) || 0;

/** spec.md §4: processing → production, printed → ready to ship, shipped → in transit. */
export function fulfillmentLists(orders: readonly CachedOrder[]): FulfillmentLists {
  const byOldest = (a: CachedOrder, b: CachedOrder) => a.createdAtMs - b.createdAtMs;
  const production = orders.filter((o) => o.status === 'processing').sort(byOldest);
  const readyToShip = orders.filter((o) => o.status === 'printed').sort(byOldest);
  const inTransit = orders.filter((o) => o.status === 'shipped').sort(byOldest);
  const recentlyShipped = orders
    .filter((o) => o.status === 'shipped' || o.status === 'delivered')
    .sort((a, b) => shippedAt(b) - shippedAt(a))
    .slice(0, RECENTLY_SHIPPED_MAX);
  return { production, readyToShip, inTransit, recentlyShipped };
}
