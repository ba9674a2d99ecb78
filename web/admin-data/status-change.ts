import { useEffect } from 'react';
import type { OrderStatus } from '../../shared/order-status';
import { useNotify } from '../components/notifications';
import { db } from '../db/db';
import type { StatusChange } from './outbox';
import { adminSyncEngine, flushSoon } from './admin-sync';
import { createChangeNotices } from './change-notices';

/** The page's one watcher of its own status changes (change-notices.ts). */
export const changeNotices = createChangeNotices(db, undefined, typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * Every admin status change goes through here: cache and outbox in one transaction, shown at
 * once, pushed as soon as the tablet is online. Returns the message to show now: the queued
 * notice when offline, '' online (the spec's 'Order status updated to {label}' follows once the
 * server has applied it, or the queued notice if it has not answered within 2 s).
 */
export async function changeStatuses(changes: StatusChange[]): Promise<string> {
  if (!changes.length) return '';
  const mutations = await adminSyncEngine().queueStatusChanges(changes);
  const online = navigator.onLine;
  const message = changeNotices.track(
    mutations.map((m) => m.id),
    changes[0].status as OrderStatus,
    online,
  );
  flushSoon();
  return message;
}

/** Mounted once in the admin layout: the change notices go to its notification area. */
export function useChangeNoticeSink(): void {
  const { notify, notifyError } = useNotify();
  useEffect(() => {
    changeNotices.setSink({ notify, notifyError });
    return () => changeNotices.setSink(null);
  }, [notify, notifyError]);
}
