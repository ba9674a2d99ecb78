import { useLiveQuery } from 'dexie-react-hooks';
import { db, type CachedOrder } from '../../../db/db';

const EMPTY: CachedOrder[] = [];
const newestFirst = (a: CachedOrder, b: CachedOrder) => b.createdAtMs - a.createdAtMs || (a.id < b.id ? -1 : 1);

/** Every cached admin order, newest first, live across tabs; undefined until the first read. */
export function useCachedOrders(): CachedOrder[] | undefined {
  // A plain getAll plus a sort in memory: far faster than walking the createdAtMs index backwards.
  return useLiveQuery(async () => (await db.adminOrders.toArray()).sort(newestFirst), []);
}

export function useCachedOrdersOrEmpty(): CachedOrder[] {
  return useCachedOrders() ?? EMPTY;
}
