import { productTypeOfVariant } from '../../shared/catalog';
import type { Design } from '../../shared/design';
import { customerNameOf, orderSearchText } from '../../shared/orders/order-filter';
import type { OrderStatus } from '../../shared/order-status';
import type { Totals } from '../../shared/pricing';
import { timeOrderedUuid } from '../db/time-ordered-id';
import type { DbOrTrx, Trx } from '../db/transaction';
import { nextChangeSeq } from './change-sequence.repository';
import { generateOrderNumber } from './order-number';
import type { OrderHistoryTable, OrderItemRow, OrderItemTable, OrderRow, OrderUpdate } from './order.table';

/** An order line: the shopper's design and its price and quantity (the payment snapshot's items too). */
export interface NewOrderItem extends Design {
  productType?: string | null;
  unitPriceCents: number;
  quantity: number;
  /** The live catalogue's facts when the line was priced (design.md §9): later edits change no placed order. */
  printArea?: { width: number; length: number };
  colorHex?: string;
  placementGuide?: string;
}

export interface NewOrder {
  userId: number | null;
  customer: { email: string; firstName: string; lastName: string; phone: string };
  shippingAddress: { address: string; city: string; state: string; zipCode: string; country: string };
  billingAddress: { address: string; city: string; state: string; zipCode: string; country: string } | null;
  items: NewOrderItem[];
  /** Recomputed by the server from the catalogue (shared/pricing.ts), in cents. */
  totals: Totals;
  status: OrderStatus;
  specialInstructions: string | null;
  marketing: boolean;
  paymentIntentId: string | null;
  paymentMethod: string;
  paymentStatus: string;
  source: OrderHistoryTable['source'];
  /** Epoch ms; defaults to now. Seed data sets it to spread orders over the past year. */
  createdAt: number;
}

/** Candidates looked up per statement: well under SQLite's and PostgreSQL's parameter limits. */
const NUMBERS_PER_LOOKUP = 500;

/**
 * `count` order numbers, different from each other and from every stored order's: one for an
 * order, thousands for the seed (one look-up per 500 candidates). Looking first, rather than
 * catching the unique index's refusal, keeps the transaction usable on PostgreSQL, which aborts a
 * transaction at its first failed statement.
 */
export async function unusedOrderNumbers(trx: DbOrTrx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const candidate = generateOrderNumber();
      if (!chosen.has(candidate)) candidates.add(candidate);
    }
    const all = [...candidates];
    for (let start = 0; start < all.length; start += NUMBERS_PER_LOOKUP) {
      const taken = await trx.selectFrom('orders').select('order_number').where('order_number', 'in', all.slice(start, start + NUMBERS_PER_LOOKUP)).execute();
      for (const { order_number } of taken) candidates.delete(order_number);
    }
    for (const candidate of candidates) chosen.add(candidate);
  }
  return [...chosen];
}

/** What an order has been through already (seed data of past orders); new orders have none. */
export interface OrderFulfillment {
  trackingNumber?: string | null;
  printedAt?: number | null;
  shippedAt?: number | null;
  deliveredAt?: number | null;
}

/** The rows an order is stored as: the order, its items and its first history row. */
export function toOrderRows(
  order: NewOrder,
  ids: { id: string; orderNumber: string; changeSeq: number },
  fulfillment: OrderFulfillment = {},
): { order: OrderRow; items: OrderItemTable[]; history: OrderHistoryTable } {
  const { id, orderNumber, changeSeq } = ids;
  // Columns a later migration added with a default are left out, so the insert also runs on an older schema.
  const row: Omit<OrderRow, 'refund_failed_at'> = {
    id,
    order_number: orderNumber,
    user_id: order.userId,
    customer_email: order.customer.email,
    customer_first_name: order.customer.firstName,
    customer_last_name: order.customer.lastName,
    customer_phone: order.customer.phone,
    ship_address: order.shippingAddress.address,
    ship_city: order.shippingAddress.city,
    ship_state: order.shippingAddress.state,
    ship_zip: order.shippingAddress.zipCode,
    ship_country: order.shippingAddress.country,
    billing_address: order.billingAddress?.address ?? null,
    billing_city: order.billingAddress?.city ?? null,
    billing_state: order.billingAddress?.state ?? null,
    billing_zip: order.billingAddress?.zipCode ?? null,
    billing_country: order.billingAddress?.country ?? null,
    subtotal_cents: order.totals.subtotal,
    discount_cents: order.totals.discount,
    discount_code: order.totals.discountCode,
    shipping_cents: order.totals.shipping,
    tax_cents: order.totals.tax,
    total_cents: order.totals.total,
    refunded_cents: 0,
    status: order.status,
    tracking_number: fulfillment.trackingNumber ?? null,
    special_instructions: order.specialInstructions,
    marketing: order.marketing ? 1 : 0,
    payment_intent_id: order.paymentIntentId,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    print_file: null,
    printed_at: fulfillment.printedAt ?? null,
    shipped_at: fulfillment.shippedAt ?? null,
    delivered_at: fulfillment.deliveredAt ?? null,
    search_text: orderSearchText({
      orderNumber,
      customerName: customerNameOf(order.customer.firstName, order.customer.lastName),
      customerEmail: order.customer.email,
      itemTexts: order.items.map((item) => item.text),
      trackingNumber: fulfillment.trackingNumber ?? null,
    }),
    version: 1,
    change_seq: changeSeq,
    created_at: order.createdAt,
    updated_at: order.createdAt,
  };
  const items = order.items.map((item, index) => ({
    order_id: id,
    line_no: index + 1,
    product_type: item.productType ?? productTypeOfVariant(item.device)?.id ?? null,
    device: item.device,
    case_type: item.caseType,
    text: item.text,
    color: item.color,
    font: item.font,
    font_size: item.fontSize,
    logo: item.logo ? 1 : 0,
    unit_price_cents: item.unitPriceCents,
    quantity: item.quantity,
    ...(item.printArea ? { print_width_mm: item.printArea.width, print_length_mm: item.printArea.length } : {}),
    ...(item.colorHex ? { color_hex: item.colorHex } : {}),
    ...(item.placementGuide ? { placement_guide: item.placementGuide } : {}),
  }));
  const history: OrderHistoryTable = {
    order_id: id,
    version: 1,
    from_status: null,
    to_status: order.status,
    tracking_number: fulfillment.trackingNumber ?? null,
    changed_by_user_id: null,
    changed_by_name: null,
    source: order.source,
    mutation_id: null,
    changed_at: order.createdAt,
  };
  return { order: row as OrderRow, items, history };
}

/**
 * The one writer of an order row: the order, its items and its first history row, with the next
 * number of the change feed, in the caller's transaction, so the order is written whole or not at
 * all and its change number becomes visible with it.
 */
export async function insertOrder(trx: Trx, order: NewOrder): Promise<OrderRow> {
  const [orderNumber] = await unusedOrderNumbers(trx, 1);
  const changeSeq = await nextChangeSeq(trx);
  const rows = toOrderRows(order, { id: timeOrderedUuid(order.createdAt), orderNumber: orderNumber!, changeSeq });
  await trx.insertInto('orders').values(rows.order).execute();
  if (rows.items.length > 0) await trx.insertInto('order_items').values(rows.items).execute();
  await trx.insertInto('order_history').values(rows.history).execute();
  return rows.order;
}

export async function findOrderById(db: DbOrTrx, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Applies `update` only if the order is still at `version`; false when another writer got there first. */
export async function updateOrderAtVersion(trx: DbOrTrx, id: string, version: number, update: OrderUpdate): Promise<boolean> {
  const result = await trx.updateTable('orders').set(update).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertHistoryRow(trx: DbOrTrx, row: OrderHistoryTable): Promise<void> {
  await trx.insertInto('order_history').values(row).execute();
}

/** The order with this number placed with this e-mail address (any case): one probe of the number's unique index. */
export async function findOrderByNumberAndEmail(db: DbOrTrx, orderNumber: string, email: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where((eb) => eb(eb.fn('lower', ['customer_email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function findOrderByPaymentIntent(db: DbOrTrx, paymentIntentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}

/** Items of many orders in one query, grouped by order id, in line order. */
export async function loadItems(db: DbOrTrx, orderIds: readonly string[]): Promise<Map<string, OrderItemRow[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds as string[])
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
  return groupByOrder(rows, (row) => row);
}

/** Rows of many orders grouped by order id, keeping their order; `pick` shapes each row. */
export function groupByOrder<R extends { order_id: string }, T>(rows: readonly R[], pick: (row: R) => T): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(pick(row));
    else byOrder.set(row.order_id, [pick(row)]);
  }
  return byOrder;
}


/**
 * Gives a guest order to the account just made with the e-mail it was placed with (the order lookup's
 * proof: its number and its e-mail). An order of another address, or one already in an account, is
 * left alone. `user_id` is not part of any synced view, so neither version nor change sequence moves.
 */
export async function claimGuestOrder(db: DbOrTrx, orderNumber: string, userId: number, email: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ user_id: userId })
    .where('order_number', '=', orderNumber.trim().toUpperCase())
    .where('user_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['customer_email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
