import type { Db } from '../db/database';
import type { OrderRow } from '../orders/order.table';

/** The orders that claimed mails are about, in one read. */
export async function ordersToMail(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('orders').selectAll().where('id', 'in', [...orderIds]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
