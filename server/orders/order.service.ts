import type { AdminOrderView, OrderHistoryEntry, OrderView, TrackedOrder, User } from '../../shared/api/types';
import { isAdmin } from '../http/auth.guards';
import { statusStamp, type OrderStatus } from '../../shared/order-status';
import { withTrackingNumber } from '../../shared/orders/order-filter';
import type { OrderListQueryInput } from '../../shared/schemas/orders-query';
import { queueOrderUpdateMail, queueShippingNotice } from '../mail/mail-outbox';
import { listHistory, listOrderPage, listOrdersOfUser } from './order-list.repository';
import { savedAddressesOf, toAdminView, toHistoryEntry, toOrderView, toTrackedView } from './order.mapper';
import type { CustomerOrdersAnswer } from '../../shared/api/answers';
import { findOrderById, findOrderByNumberAndEmail, insertHistoryRow, loadItems, updateOrderAtVersion } from './order.repository';
import { nextChangeSeq } from './change-sequence.repository';
import type { DbOrTrx, Trx } from '../db/transaction';
import type { OrderHistoryTable, OrderRow, OrderUpdate } from './order.table';

export async function toAdminViews(db: DbOrTrx, rows: OrderRow[]): Promise<AdminOrderView[]> {
  const items = await loadItems(db, rows.map((row) => row.id));
  return rows.map((row) => toAdminView(row, items.get(row.id) ?? []));
}

export async function toOrderViews(db: DbOrTrx, rows: OrderRow[]): Promise<OrderView[]> {
  const items = await loadItems(db, rows.map((row) => row.id));
  return rows.map((row) => toOrderView(row, items.get(row.id) ?? []));
}

export async function adminViewOf(db: DbOrTrx, row: OrderRow): Promise<AdminOrderView> {
  return (await toAdminViews(db, [row]))[0];
}

export async function listOrders(db: DbOrTrx, query: OrderListQueryInput, timeZone: string) {
  const { page, limit, ...filters } = query;
  const { rows, total } = await listOrderPage(db, filters, { offset: (page - 1) * limit, limit }, timeZone);
  return { orders: await toAdminViews(db, rows), total, page, limit };
}

/** Who a history row names: the signed-in admin. */
export const actorOf = (user: User) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email });

export interface StatusChange {
  orderId: string;
  status: OrderStatus;
  /** null: none given, the order keeps the one it has. */
  trackingNumber: string | null;
  actor: { id: number; name: string };
  source: OrderHistoryTable['source'];
  mutationId: string | null;
  /**
   * The version the caller saw. 'strict' (PATCH with If-Match): any other version is a conflict.
   * 'unlessSameStatus' (sync push, design.md §4): an order that already has the requested status
   * is left as it is and reported applied, whatever its version.
   */
  expectedVersion?: { version: number; policy: 'strict' | 'unlessSameStatus' };
  now: number;
  /** Whether the customer's mail (shipping notice, cancellation) is queued in the same transaction (false when mail is off). */
  mail: boolean;
  /** A cancellation's refund, told of in its mail (cents; 0 or absent: none). */
  refundedCents?: number;
}

export type StatusChangeOutcome =
  | { kind: 'not_found' }
  | { kind: 'conflict'; order: OrderRow }
  | { kind: 'unchanged'; order: OrderRow }
  | { kind: 'changed'; order: OrderRow };

/**
 * The one way an order's status changes (PATCH /api/orders/:id/status and POST /api/sync/push),
 * inside the caller's transaction: bumps the version, takes the next change sequence, stamps
 * printed/shipped/delivered times, sets the tracking number when one is given and writes one
 * history row. Asking for the status and tracking number the order already has writes nothing.
 */
export async function changeOrderStatus(trx: Trx, change: StatusChange): Promise<StatusChangeOutcome> {
  const order = await findOrderById(trx, change.orderId);
  if (!order) return { kind: 'not_found' };

  const sameStatus = order.status === change.status;
  const sameTracking = change.trackingNumber === null || change.trackingNumber === order.tracking_number;
  const expected = change.expectedVersion;
  if (expected && expected.version !== order.version) {
    if (expected.policy === 'strict' || !sameStatus) return { kind: 'conflict', order };
    return { kind: 'unchanged', order };
  }
  if (sameStatus && sameTracking) return { kind: 'unchanged', order };

  const version = order.version + 1;
  const update: OrderUpdate = {
    status: change.status,
    version,
    change_seq: await nextChangeSeq(trx),
    updated_at: change.now,
  };
  if (change.trackingNumber !== null) {
    update.tracking_number = change.trackingNumber;
    update.search_text = withTrackingNumber(order.search_text, order.tracking_number, change.trackingNumber);
  }
  const stamp = statusStamp(order.status, change.status);
  if (stamp) update[`${stamp}_at`] = change.now;

  // The version guard makes a concurrent writer (PostgreSQL) lose cleanly instead of overwriting.
  if (!(await updateOrderAtVersion(trx, order.id, order.version, update))) {
    const current = await findOrderById(trx, order.id);
    return { kind: 'conflict', order: current ?? order };
  }
  await insertHistoryRow(trx, {
    order_id: order.id,
    version,
    from_status: order.status,
    to_status: change.status,
    tracking_number: change.trackingNumber,
    changed_by_user_id: change.actor.id,
    changed_by_name: change.actor.name,
    source: change.source,
    mutation_id: change.mutationId,
    changed_at: change.now,
  });
  const changed = { ...order, ...update } as OrderRow;
  // The customer hears when the order ships, and again if its tracking number is corrected after.
  if (change.status === 'shipped' && (!sameStatus || !sameTracking)) await queueShippingNotice(trx, change.mail, changed, version, change.now);
  if (change.status === 'cancelled' && !sameStatus) {
    await queueOrderUpdateMail(trx, change.mail, order.id, { kind: 'cancelled', version, refundCents: change.refundedCents ?? 0 }, change.now);
  }
  return { kind: 'changed', order: changed };
}

/**
 * GET /api/orders/:id: an admin sees any order with its history; a customer only their own, and
 * someone else's order is answered exactly like a missing one, so its existence is not revealed.
 */
export async function orderForViewer(db: DbOrTrx, user: User, id: string): Promise<{ order: OrderView | (AdminOrderView & { history: OrderHistoryEntry[] }) } | undefined> {
  const order = await findOrderById(db, id);
  if (!order || (!isAdmin(user) && order.user_id !== user.id)) return undefined;
  if (!isAdmin(user)) return { order: (await toOrderViews(db, [order]))[0] };
  const history = (await listHistory(db, order.id)).map(toHistoryEntry);
  return { order: { ...(await adminViewOf(db, order)), history } };
}

/** GET /api/orders/customer: the signed-in customer's orders, newest first. */
export async function listCustomerOrders(db: DbOrTrx, user: User): Promise<CustomerOrdersAnswer> {
  const rows = await listOrdersOfUser(db, user.id);
  return { orders: await toOrderViews(db, rows), savedAddresses: savedAddressesOf(rows) };
}

/** POST /api/orders/lookup: a guest's order by its number and e-mail address, or undefined for any mismatch. */
export async function lookUpOrder(db: DbOrTrx, orderNumber: string, email: string): Promise<{ order: TrackedOrder } | undefined> {
  const order = await findOrderByNumberAndEmail(db, orderNumber, email);
  if (!order) return undefined;
  const items = (await loadItems(db, [order.id])).get(order.id) ?? [];
  return { order: toTrackedView(order, items) };
}
