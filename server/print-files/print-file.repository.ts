import type { PrintOrder } from '../../shared/render';
import type { DesignPictureItem } from './design-picture';
import type { Db } from '../db/database';
import { toItemView } from '../orders/order.mapper';
import { findOrderById, loadItems } from '../orders/order.repository';

export interface StoredPrintOrder extends PrintOrder {
  id: string;
}

/** An order's lines as the print file needs them (the admin item view, as the dashboard caches it). */
export async function loadPrintOrder(db: Db, id: string): Promise<StoredPrintOrder | undefined> {
  const order = await findOrderById(db, id);
  if (!order) return undefined;
  const items = (await loadItems(db, [order.id])).get(order.id) ?? [];
  return { id: order.id, orderNumber: order.order_number, items: items.map(toItemView) };
}

/** Orders named by id, in the order given; `missing` lists the ids that name no order. */
export async function loadPrintOrders(db: Db, ids: readonly string[]): Promise<{ orders: StoredPrintOrder[]; missing: string[] }> {
  const rows = await db.selectFrom('orders').select(['id', 'order_number']).where('id', 'in', ids as string[]).execute();
  const items = await loadItems(db, rows.map((row) => row.id));
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, orderNumber: row.order_number, items: (items.get(row.id) ?? []).map(toItemView) }]));
  return { orders: ids.flatMap((id) => byId.get(id) ?? []), missing: ids.filter((id) => !byId.has(id)) };
}

/** The production queue (status processing), oldest first, a batch at a time after `after`. */
export async function productionQueueBatch(
  db: Db,
  after: { createdAt: number; id: string } | null,
  limit: number,
): Promise<(StoredPrintOrder & { createdAt: number })[]> {
  let query = db.selectFrom('orders').select(['id', 'order_number', 'created_at']).where('status', '=', 'processing');
  if (after) {
    query = query.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
  }
  const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
  const items = await loadItems(db, rows.map((row) => row.id));
  return rows.map((row) => ({ id: row.id, orderNumber: row.order_number, createdAt: row.created_at, items: (items.get(row.id) ?? []).map(toItemView) }));
}

/** One line of an order, as its design picture needs it; undefined when the order has no such line. */
export async function loadDesignLine(db: Db, orderId: string, line: number): Promise<DesignPictureItem | undefined> {
  return db
    .selectFrom('order_items')
    .select(['device', 'product_type', 'text', 'color', 'font', 'font_size'])
    .where('order_id', '=', orderId)
    .where('line_no', '=', line)
    .executeTakeFirst();
}
