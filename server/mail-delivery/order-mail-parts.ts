import { decalTitle } from '../../shared/decal';
import type { RenderContext } from '../mail/mail-layout';
import type { OrderItemRow, OrderRow } from '../orders/order.table';

export function trackUrl(context: RenderContext, order: OrderRow): string {
  return `${context.publicUrl}/orders/track?order=${encodeURIComponent(order.order_number)}`;
}

/** "Vinyl decal · iPhone 14 Pro · Pecita, 12 mm letters, Hot Pink": the shop's one name for a line (shared/decal.ts). */
export function describe(item: OrderItemRow): string {
  return `${decalTitle({ device: item.device, productType: item.product_type, font: item.font, fontSize: item.font_size })}, ${item.color}`;
}

export function addressLines(order: OrderRow): string[] {
  return [
    `${order.customer_first_name} ${order.customer_last_name}`,
    order.ship_address,
    `${order.ship_city}, ${order.ship_state} ${order.ship_zip}`,
    order.ship_country,
  ];
}
