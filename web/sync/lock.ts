/**
 * One flush at a time across every open tab (and a future service worker) of this origin.
 * Web Locks where the runtime has them; otherwise a lease row in the shared Dexie meta table.
 * Inside one JavaScript realm calls are also chained, so a tab never races itself.
 */
import type { ShopDatabase } from '../db/db';
import { SYNC_META } from './meta-keys';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const LEASE_MS = 30_000;
const LEASE_RETRY_MS = 100;

function webLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

export interface SyncLock {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSyncLock(db: ShopDatabase, name = 'admin-sync', options: { useWebLocks?: boolean } = {}): SyncLock {
  const owner = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let chain: Promise<unknown> = Promise.resolve();

  async function withLease<T>(task: () => Promise<T>): Promise<T> {
    for (;;) {
      const taken = await db.transaction('rw', db.meta, async () => {
        const lease = (await db.meta.get(SYNC_META.lease))?.value as { owner: string; until: number } | undefined;
        if (lease && lease.owner !== owner && lease.until > Date.now()) return false;
        await db.meta.put({ key: SYNC_META.lease, value: { owner, until: Date.now() + LEASE_MS } });
        return true;
      });
      if (taken) break;
      await new Promise((resolve) => setTimeout(resolve, LEASE_RETRY_MS));
    }
    try {
      return await task();
    } finally {
      await db.transaction('rw', db.meta, async () => {
        const lease = (await db.meta.get(SYNC_META.lease))?.value as { owner: string } | undefined;
        if (lease?.owner === owner) await db.meta.delete(SYNC_META.lease);
      });
    }
  }

  function acrossRealms<T>(task: () => Promise<T>): Promise<T> {
    const locks = options.useWebLocks === false ? null : webLocks();
    return locks ? locks.request(`${db.name}:${name}`, task) : withLease(task);
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = chain.then(() => acrossRealms(task));
      chain = result.catch(() => undefined);
      return result;
    },
  };
}
