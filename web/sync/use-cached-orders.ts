import { useSyncExternalStore } from 'react';
import { db, type CachedOrder } from '../db/db';
import { createCachedOrdersStore } from './cached-orders-store';

const EMPTY: CachedOrder[] = [];

/** The page's one in-memory view of the order cache (see cached-orders-store.ts). */
export const cachedOrdersStore = createCachedOrdersStore(db);

/** Every cached admin order, newest first, live across tabs; undefined until the first read. */
export function useCachedOrders(): CachedOrder[] | undefined {
  return useSyncExternalStore(cachedOrdersStore.subscribe, cachedOrdersStore.getSnapshot, cachedOrdersStore.getSnapshot);
}

export function useCachedOrdersOrEmpty(): CachedOrder[] {
  return useCachedOrders() ?? EMPTY;
}
