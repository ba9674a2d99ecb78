import { useEffect } from 'react';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../shared/order-status';
import { useNotify } from '../components/notifications';
import { db } from '../db/db';
import type { StatusChange } from './outbox';
import { adminSyncEngine, flushSoon } from './admin-sync';
import { createChangeNotices } from './change-notices';
import type { MarkToUndo } from './undo-mark';

/** The page's one watcher of its own status changes (change-notices.ts). */
export const changeNotices = createChangeNotices(db, undefined, typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * Every admin status change goes through here: cache and outbox in one transaction, shown at
 * once, pushed as soon as the tablet is online. Returns the message to show now: the queued
 * notice when offline, '' online (the spec's 'Order status updated to {label}' follows once the
 * server has applied it, or the queued notice if it has not answered within 2 s).
 */
export async function changeStatuses(changes: StatusChange[]): Promise<string> {
  return (await changeStatusesForUndo(changes)).message;
}

/** changeStatuses, also giving the queued mutations' ids (in the order of `changes`) for an undo. */
export async function changeStatusesForUndo(changes: StatusChange[]): Promise<{ message: string; mutationIds: string[] }> {
  if (!changes.length) return { message: '', mutationIds: [] };
  const mutations = await adminSyncEngine().queueStatusChanges(changes);
  const online = navigator.onLine;
  const message = changeNotices.track(
    mutations.map((m) => m.id),
    changes[0].status as OrderStatus,
    online,
  );
  flushSoon();
  return { message, mutationIds: mutations.map((m) => m.id) };
}

/**
 * Takes marks back (undo-mark.ts). The marks' own changes are no longer watched, so no 'updated'
 * message follows for a withdrawn one; a change back is watched like any change. Returns the
 * message to show now.
 */
export async function undoMarks(marks: readonly MarkToUndo[]): Promise<string> {
  if (!marks.length) return '';
  const engine = adminSyncEngine();
  // Forgotten first: the outbox watcher may see a withdrawn change leave before undoMark returns.
  changeNotices.forget(marks.map((mark) => mark.mutationId));
  const results = await engine.undoMarks(marks);
  const reverted = results.flatMap((r) => (r.kind === 'reverted' ? [r.mutation.id] : []));
  const status = marks[0]!.before.status;
  if (reverted.length) changeNotices.track(reverted, status, navigator.onLine);
  flushSoon();
  const orders = marks.length === 1 ? marks[0]!.before.orderNumber : `${marks.length} orders`;
  return `Undone: ${orders} back to ${ORDER_STATUS_LABELS[status]}`;
}

/** Mounted once in the admin layout: the change notices go to its notification area. */
export function useChangeNoticeSink(): void {
  const { notify, notifyError } = useNotify();
  useEffect(() => {
    changeNotices.setSink({ notify, notifyError });
    return () => changeNotices.setSink(null);
  }, [notify, notifyError]);
}
