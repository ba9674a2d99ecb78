import { call } from '../api/client';
import { visitorId } from '../analytics/visit';

/** A type, not an interface: the event schema takes items as open records. */
export type PurchaseItem = {
  item_name: string;
  item_variant: string;
  color: string;
  price: number;
  quantity: number;
};

export interface PurchaseEvent {
  orderNumber: string;
  value: number;
  items: PurchaseItem[];
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * The purchase event of spec.md §4: pushed to the page's dataLayer for tag managers and sent to
 * our own analytics so the admin's conversion rate has purchases. Never throws: tracking must
 * not spoil a confirmed order.
 */
export async function trackPurchase(event: PurchaseEvent): Promise<void> {
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({
      event: 'purchase',
      ecommerce: { transaction_id: event.orderNumber, value: event.value, currency: 'USD', items: event.items },
    });
    await call(
      'analyticsEvents',
      { body: { type: 'purchase', visitorId: await visitorId(), orderNumber: event.orderNumber, value: event.value, currency: 'USD', items: event.items } },
      { ignoreUnauthorized: true },
    );
  } catch {
    // Analytics is best effort.
  }
}
