import { useEffect, useState } from 'react';
import type { ShopDatabase } from './db';

type LiveQuery = typeof import('dexie').liveQuery;
let loading: Promise<{ db: ShopDatabase; liveQuery: LiveQuery }> | null = null;

/**
 * The Dexie database, loaded on first use. Dexie is a third of the shop's JavaScript and the first
 * paint of the designer does not need it, so it arrives in its own chunk just after
 * (docs/decisions.md). Every shop module reaches IndexedDB through here.
 */
export function loadShopDb(): Promise<{ db: ShopDatabase; liveQuery: LiveQuery }> {
  loading ??= Promise.all([import('./db'), import('dexie')]).then(([module, dexie]) => ({ db: module.db, liveQuery: dexie.liveQuery }));
  return loading;
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
    void loadShopDb().then(({ db, liveQuery }) => {
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
