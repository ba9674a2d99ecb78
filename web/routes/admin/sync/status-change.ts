import { statusUpdatedMessage, type OrderStatus } from '../../../../shared/order-status';
import type { StatusChange } from '../../../sync/outbox';
import { adminSyncEngine, flushSoon } from './admin-sync';

/**
 * Every admin status change goes through here: cache and outbox in one transaction, shown at
 * once, pushed as soon as the tablet is online. Returns the message for the notification.
 */
export async function changeStatuses(changes: StatusChange[]): Promise<string> {
  if (!changes.length) return '';
  await adminSyncEngine().queueStatusChanges(changes);
  flushSoon();
  const status = changes[0].status as OrderStatus;
  const suffix = changes.length > 1 ? ` (${changes.length} orders)` : '';
  return `${statusUpdatedMessage(status)}${suffix}`;
}
