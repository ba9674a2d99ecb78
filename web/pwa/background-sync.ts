/**
 * Page side of Background Sync: when an admin change is queued, hand the service worker what it
 * needs (the token, which it cannot read from localStorage) and register the sync tag, so the
 * outbox is flushed when the connection returns even with every tab closed. Where the browser has
 * no Background Sync the page's own flush (on reconnect and on an interval) does the job.
 */
import Dexie, { type Transaction } from 'dexie';
import { getToken } from '../api/client';
import { db, type ShopDatabase } from '../db/db';
import { OUTBOX_SYNC_TAG, SW_TOKEN_META_KEY } from './constants';
import { requestPersistentStorage } from './storage';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export async function requestOutboxSync(database: ShopDatabase = db): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const token = getToken();
  if (token) await database.meta.put({ key: SW_TOKEN_META_KEY, value: token });
  void requestPersistentStorage();
  const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined;
  if (!registration?.sync || !registration.active) return false;
  try {
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false; // e.g. permission policy: the page flush remains
  }
}

const watched = new WeakSet<object>();

/** Registers the sync tag after any write to the outbox commits, whoever made it. Returns the unwatch. */
export function watchOutboxForBackgroundSync(database: ShopDatabase = db): () => void {
  const onCreating = (_key: unknown, _entry: unknown, transaction: Transaction) => {
    // A write nested in a wider transaction (Re-apply) commits with the outermost one.
    let outermost = transaction;
    while (outermost.parent) outermost = outermost.parent;
    if (watched.has(outermost)) return;
    watched.add(outermost);
    // After the commit: the worker must find the change when it runs. Outside any transaction
    // zone, or the token write would join one whose scope has no meta table (NotFoundError).
    outermost.on('complete', () => void Dexie.ignoreTransaction(() => requestOutboxSync(database)).catch(() => undefined));
  };
  database.outbox.hook('creating', onCreating);
  return () => database.outbox.hook('creating').unsubscribe(onCreating);
}
