import type { AdminOrderView, LineDesign, OrderHistoryEntry, OrderItemView, OrderView, TrackedOrder } from '../../shared/api/types';
import type { SavedShippingAddress } from '../../shared/api/answers';
import { apiPath } from '../../shared/api/routes';
import { productTypeOfVariant } from '../../shared/catalog';
import { toDollars } from '../../shared/money';
import type { OrderHistoryRow, OrderItemRow, OrderRow } from './order.table';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toItemView(item: OrderItemRow): OrderItemView {
  return {
    device: item.device,
    productType: (item.product_type as OrderItemView['productType']) ?? productTypeOfVariant(item.device)?.id ?? null,
    caseType: item.case_type,
    text: item.text,
    color: item.color,
    font: item.font,
    fontSize: item.font_size,
    logo: item.logo === 1,
    price: toDollars(item.unit_price_cents),
    quantity: item.quantity,
    ...(item.print_width_mm != null && item.print_length_mm != null ? { printArea: { width: item.print_width_mm, length: item.print_length_mm } } : {}),
    ...(item.color_hex ? { colorHex: item.color_hex } : {}),
    ...(item.placement_guide ? { placementGuide: item.placement_guide } : {}),
  };
}

/** spec.md §3 "Order (read)": what a customer may see of their own order. */
export function toOrderView(order: OrderRow, items: OrderItemRow[]): OrderView {
  const first = items[0];
  return {
    id: order.id,
    orderNumber: order.order_number,
    customerName: `${order.customer_first_name} ${order.customer_last_name}`.trim(),
    customerEmail: order.customer_email,
    device: first?.device ?? '',
    customText: first?.text ?? '',
    status: order.status,
    total: toDollars(order.total_cents),
    createdAt: iso(order.created_at)!,
    updatedAt: iso(order.updated_at)!,
    trackingNumber: order.tracking_number,
    items: items.map(toItemView),
    version: order.version,
  };
}

/** What a guest's order lookup answers (POST /api/orders/lookup): the customer's view with its totals and shipping dates. */
export function toTrackedView(order: OrderRow, items: OrderItemRow[]): TrackedOrder {
  return {
    ...toOrderView(order, items),
    subtotal: toDollars(order.subtotal_cents),
    discount: toDollars(order.discount_cents),
    shipping: toDollars(order.shipping_cents),
    tax: toDollars(order.tax_cents),
    shippedAt: iso(order.shipped_at),
    deliveredAt: iso(order.delivered_at),
  };
}

/** The admin view: every field of spec.md §3 "Admin view adds", describing the first item. */
export function toAdminView(order: OrderRow, items: OrderItemRow[]): AdminOrderView {
  const first = items[0];
  const base = toOrderView(order, items);
  // Spelled out rather than `...base`: V8 builds a spread followed by ~25 more keys ~100x slower,
  // which dominated sync pulls of thousands of orders (docs/benchmarks.md).
  return {
    id: base.id,
    orderNumber: base.orderNumber,
    customerName: base.customerName,
    customerEmail: base.customerEmail,
    device: base.device,
    customText: base.customText,
    status: base.status,
    total: base.total,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
    trackingNumber: base.trackingNumber,
    items: base.items,
    version: base.version,
    customerPhone: order.customer_phone,
    shippingAddress: {
      street: order.ship_address,
      city: order.ship_city,
      state: order.ship_state,
      postcode: order.ship_zip,
      country: order.ship_country,
    },
    billingAddress:
      order.billing_address === null
        ? null
        : {
            street: order.billing_address,
            city: order.billing_city ?? '',
            state: order.billing_state ?? '',
            postcode: order.billing_zip ?? '',
            country: order.billing_country ?? '',
          },
    caseType: first?.case_type ?? '',
    textColor: first?.color ?? '',
    font: first?.font ?? '',
    fontSize: first?.font_size ?? 0,
    hasLogo: first?.logo === 1,
    quantity: items.reduce((sum, item) => sum + item.quantity, 0),
    price: first ? toDollars(first.unit_price_cents) : 0,
    notes: order.special_instructions,
    marketing: order.marketing === 1,
    subtotal: toDollars(order.subtotal_cents),
    discount: toDollars(order.discount_cents),
    discountCode: order.discount_code,
    shipping: toDollars(order.shipping_cents),
    tax: toDollars(order.tax_cents),
    refundedAmount: toDollars(order.refunded_cents),
    refundFailedAt: iso(order.refund_failed_at ?? null),
    paymentIntentId: order.payment_intent_id,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    fulfillmentData: {
      // Where the print-ready file is served (the dashboard also makes it offline from the cache).
      printFile: order.print_file ?? apiPath('printFile', { id: order.id }),
      printedAt: iso(order.printed_at),
      shippedAt: iso(order.shipped_at),
    },
  };
}

export function toHistoryEntry(row: OrderHistoryRow): OrderHistoryEntry {
  return {
    version: row.version,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    trackingNumber: row.tracking_number,
    changedBy: row.changed_by_user_id === null ? null : { id: row.changed_by_user_id, name: row.changed_by_name ?? '' },
    source: row.source,
    at: new Date(row.changed_at).toISOString(),
    ...(row.line_no != null && row.line_from && row.line_to
      ? { kind: 'line_edit' as const, lineEdit: { line: row.line_no, from: JSON.parse(row.line_from) as LineDesign, to: JSON.parse(row.line_to) as LineDesign } }
      : {}),
    ...(row.refund_id ? { kind: 'refund' as const, amount: toDollars(Number(row.refund_cents ?? 0)) } : {}),
  };
}

/** The customer's own shipping addresses, newest order first, each once (checkout pre-fill). */
export function savedAddressesOf(rows: readonly OrderRow[], limit = 3): SavedShippingAddress[] {
  const seen = new Set<string>();
  const addresses: SavedShippingAddress[] = [];
  for (const row of rows) {
    const address: SavedShippingAddress = {
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      phone: row.customer_phone,
      address: row.ship_address,
      city: row.ship_city,
      state: row.ship_state,
      zipCode: row.ship_zip,
      country: row.ship_country,
    };
    const key = [address.address, address.city, address.state, address.zipCode].join('|').toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(address);
    if (addresses.length === limit) break;
  }
  return addresses;
}
