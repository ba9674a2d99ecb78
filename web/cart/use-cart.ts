import type { CartLine } from '../db/db';
import { useShopLiveQuery } from '../db/lazy-db';
import { isValidCartLine } from './cart-store';

export interface CartView {
  lines: CartLine[];
  itemCount: number;
  subtotalCents: number;
  loaded: boolean;
}

/** The cart, live across every open tab (Dexie's liveQuery observes other tabs' writes too). */
export function useCart(): CartView {
  const lines = useShopLiveQuery(async (db) => (await db.cart.orderBy('addedAt').toArray()).filter(isValidCartLine), []);
  const list = lines ?? [];
  return {
    lines: list,
    itemCount: list.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: list.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
    loaded: lines !== undefined,
  };
}
