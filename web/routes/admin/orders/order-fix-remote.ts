/**
 * The order window's server-only fixes: a line's design, cancel with refund, internal
 * notes. They change money or what gets printed, so they are never queued in the outbox: each
 * needs the server, and a tablet that cannot reach it is told so, with nothing changed.
 */
import type { CancelOrderAnswer, OrderNote } from '../../../../shared/api/answers';
import type { AdminOrderView, LineDesign } from '../../../../shared/api/types';
import { ApiError, call } from '../../../api/client';
import { adminSyncEngine } from '../../../sync/admin-sync';

export async function editLine(orderId: string, line: number, changes: Partial<LineDesign>, baseVersion: number): Promise<AdminOrderView> {
  const { order } = await call('editOrderLine', { params: { id: orderId, line: String(line) }, body: { ...changes, baseVersion } });
  void adminSyncEngine().pull();
  return order;
}

/** One cancel, named by the version the admin saw: sending it again never refunds twice. */
export async function cancelWithRefund(orderId: string, baseVersion: number, refund: { amount: number | null } | null): Promise<CancelOrderAnswer> {
  const answer = await call('cancelOrder', { params: { id: orderId }, body: { baseVersion, refund } }, { idempotencyKey: `cancel:${orderId}:${baseVersion}` });
  void adminSyncEngine().pull();
  return answer;
}

export async function fetchNotes(orderId: string): Promise<OrderNote[]> {
  return (await call('orderNotes', { params: { id: orderId } })).notes;
}

export async function addNote(orderId: string, body: string): Promise<OrderNote> {
  return (await call('addOrderNote', { params: { id: orderId }, body: { body } })).note;
}

/** Whether the call never got an answer (offline, server gone, timed out). */
export const unanswered = (error: unknown) => error instanceof ApiError && error.status === 0;

export const SERVER_NEEDED = 'needs the server, which cannot be reached: nothing was changed. Try again once the tablet is back online.';

/** What to tell the admin when a fix failed. */
export function fixFailure(error: unknown, what: string): string {
  if (unanswered(error)) return `${what} ${SERVER_NEEDED}`;
  return error instanceof Error ? error.message : String(error);
}
