import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { productTypeOfVariant } from '../../shared/catalog';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { generateOrderNumber } from '../orders/order-number';
import { buildSearchText, type NewOrder } from '../orders/order.repository';
import type { NewOrderRow, OrderHistoryTable, OrderItemTable } from '../orders/order.table';
import type { SeedOrder } from './order-generator';

/** Orders per transaction, and per multi-row INSERT (43 columns x 500 rows stays under SQLite's 32,766 parameters). */
const ORDERS_PER_TRANSACTION = 5_000;
const ROWS_PER_STATEMENT = 500;

export interface BulkInsertResult {
  inserted: number;
  firstChangeSeq: number | null;
  lastChangeSeq: number | null;
}

/**
 * Writes many orders fast, with the invariants of orders/order.repository.ts insertOrder: unique
 * random order numbers, search_text, version 1, one change_seq per order taken from the global
 * counter (a block reserved in the same transaction, in created order), one history row each.
 * Each batch of 5,000 orders is one transaction: a failure leaves no half-written batch.
 */
export async function bulkInsertOrders(db: Db, orders: readonly (NewOrder | SeedOrder)[]): Promise<BulkInsertResult> {
  let firstChangeSeq: number | null = null;
  let lastChangeSeq: number | null = null;
  for (let start = 0; start < orders.length; start += ORDERS_PER_TRANSACTION) {
    const batch = orders.slice(start, start + ORDERS_PER_TRANSACTION);
    const seqs = await db.transaction().execute((trx) => insertBatch(trx, batch));
    firstChangeSeq ??= seqs.first;
    lastChangeSeq = seqs.last;
  }
  return { inserted: orders.length, firstChangeSeq, lastChangeSeq };
}

async function insertBatch(trx: Transaction<Database>, batch: readonly (NewOrder | SeedOrder)[]) {
  const counter = await trx
    .updateTable('change_counters')
    .set((eb) => ({ value: eb('value', '+', batch.length) }))
    .where('name', '=', 'orders')
    .returning('value')
    .executeTakeFirstOrThrow();
  const last = Number(counter.value);
  const first = last - batch.length + 1;
  const numbers = await freshOrderNumbers(trx, batch.length);

  const orderRows: NewOrderRow[] = [];
  const itemRows: OrderItemTable[] = [];
  const historyRows: OrderHistoryTable[] = [];
  batch.forEach((order, index) => {
    const id = timeOrderedUuid(order.createdAt);
    orderRows.push(toOrderRow(order, id, numbers[index]!, first + index));
    order.items.forEach((item, line) => {
      itemRows.push({
        order_id: id,
        line_no: line + 1,
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
      });
    });
    historyRows.push({
      order_id: id,
      version: 1,
      from_status: null,
      to_status: order.status,
      tracking_number: ('fulfillment' in order && order.fulfillment?.trackingNumber) || null,
      changed_by_user_id: null,
      changed_by_name: null,
      source: order.source,
      mutation_id: null,
      changed_at: order.createdAt,
    });
  });
  for (const chunk of chunks(orderRows)) await trx.insertInto('orders').values(chunk).execute();
  for (const chunk of chunks(itemRows)) await trx.insertInto('order_items').values(chunk).execute();
  for (const chunk of chunks(historyRows)) await trx.insertInto('order_history').values(chunk).execute();
  return { first, last };
}

/** The same columns insertOrder writes, plus the fulfillment of a seeded order that has been through it. */
function toOrderRow(order: NewOrder | SeedOrder, id: string, orderNumber: string, changeSeq: number): NewOrderRow {
  const fulfillment = 'fulfillment' in order ? order.fulfillment : undefined;
  return {
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
    tracking_number: fulfillment?.trackingNumber ?? null,
    special_instructions: order.specialInstructions,
    marketing: order.marketing ? 1 : 0,
    payment_intent_id: order.paymentIntentId,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    print_file: null,
    printed_at: fulfillment?.printedAt ?? null,
    shipped_at: fulfillment?.shippedAt ?? null,
    delivered_at: fulfillment?.deliveredAt ?? null,
    search_text: buildSearchText({
      orderNumber,
      firstName: order.customer.firstName,
      lastName: order.customer.lastName,
      email: order.customer.email,
      texts: order.items.map((item) => item.text),
    }),
    version: 1,
    change_seq: changeSeq,
    created_at: order.createdAt,
    updated_at: order.createdAt,
  };
}

/** `count` order numbers unique among themselves and not yet in the database. */
async function freshOrderNumbers(trx: Transaction<Database>, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const candidate = generateOrderNumber();
      if (!chosen.has(candidate)) candidates.add(candidate);
    }
    const taken = new Set<string>();
    for (const chunk of chunks([...candidates])) {
      const rows = await trx.selectFrom('orders').select('order_number').where('order_number', 'in', chunk).execute();
      for (const row of rows) taken.add(row.order_number);
    }
    for (const candidate of candidates) if (!taken.has(candidate)) chosen.add(candidate);
  }
  return [...chosen];
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) yield rows.slice(start, start + ROWS_PER_STATEMENT);
}

/**
 * A version-7 UUID (RFC 9562): 48 bits of epoch ms, then random bits. Ids of orders placed in time
 * order sort in that order, so the primary-key B-trees of orders, items and history are appended
 * to rather than written at random pages: bulk inserts stay fast past the page cache's size.
 */
export function timeOrderedUuid(epochMs: number): string {
  const time = Math.max(0, Math.floor(epochMs)).toString(16).padStart(12, '0');
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx, variant already set
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
