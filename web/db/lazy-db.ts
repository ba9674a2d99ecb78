import { useEffect, useState } from 'react';
import type { ShopDatabase } from './db';
import { SHOP_DB_NAME } from './db-name';

type LiveQuery = typeof import('dexie').liveQuery;
let loading: Promise<{ db: ShopDatabase; liveQuery: LiveQuery }> | null = null;
let firstUse: () => void = () => {};
const used = new Promise<void>((resolve) => (firstUse = resolve));
let wanted: Promise<void> | null = null;

/**
 * The Dexie database, loaded on first use. Dexie is a third of the shop's JavaScript and the first
 * paint of the designer does not need it, so it arrives in its own chunk just after
 * (docs/decisions.md). Every shop module reaches IndexedDB through here.
 */
export function loadShopDb(): Promise<{ db: ShopDatabase; liveQuery: LiveQuery }> {
  firstUse();
  loading ??= Promise.all([import('./db'), import('dexie')]).then(([module, dexie]) => ({ db: module.db, liveQuery: dexie.liveQuery }));
  return loading;
}

async function shopDbExists(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((database) => database.name === SHOP_DB_NAME);
  } catch {
    return true;
  }
}

function pageIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 0));
    if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * When start-up code (the cart badge, the stored cart's check, the visit count) may load Dexie: at
 * once on a device that has the shop's database; on a first visit, whose cart is empty, once the
 * page has loaded and is idle, or when the shopper's first write (Add to cart, a like) loads it,
 * so Dexie's code and schema set-up stay out of the first render.
 */
export function whenShopDbWanted(): Promise<void> {
  wanted ??= shopDbExists().then((exists) => (exists ? undefined : Promise.race([used, pageIdle()])));
  return wanted;
}

/**
 * The one way a component reads IndexedDB live (docs/decisions.md, departures): like
 * dexie-react-hooks' useLiveQuery, re-runs `query` whenever the tables it read change, in this tab
 * or any other, but loads Dexie lazily, so the shop's first paint stays without it. `initial` (or
 * undefined) until the first result. The admin's order list, tens of thousands of rows, reads
 * through its change feed instead (web/sync/cached-orders-store.ts); modules outside React
 * use Dexie's liveQuery.
 */
export function useShopLiveQuery<T>(query: (db: ShopDatabase) => Promise<T>, deps: readonly unknown[]): T | undefined;
export function useShopLiveQuery<T, I>(query: (db: ShopDatabase) => Promise<T>, deps: readonly unknown[], initial: I): T | I;
export function useShopLiveQuery<T, I>(query: (db: ShopDatabase) => Promise<T>, deps: readonly unknown[], initial?: I): T | I | undefined {
  const [value, setValue] = useState<T | I | undefined>(initial);
  useEffect(() => {
    let alive = true;
    let subscription: { unsubscribe(): void } | undefined;
    // A failed load (the chunk unreachable offline) leaves the default value; the browser logs it.
    void whenShopDbWanted().then(loadShopDb).then(({ db, liveQuery }) => {
      if (!alive) return;
      subscription = liveQuery(() => query(db)).subscribe({
        next: (result) => alive && setValue(() => result),
        error: () => {},
      });
    });
    return () => {
      alive = false;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's list names the query's inputs, as with Dexie's useLiveQuery
  }, deps);
  return value;
}
