/** The guest order-tracking page; with an order number, its form opens with that number filled in. */
export const TRACK_ORDER_PATH = '/orders/track';

export function trackOrderHref(orderNumber?: string): string {
  return orderNumber ? `${TRACK_ORDER_PATH}?order=${encodeURIComponent(orderNumber)}` : TRACK_ORDER_PATH;
}
