/** Test-only: admin order views for the cache, as the server would send them. */
import type { AdminOrderView } from '../../../shared/api/types';
import type { OrderStatus } from '../../../shared/order-status';

let n = 0;

export function adminOrder(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  n++;
  const text = overrides.customText ?? `Text ${n}`;
  return {
    id: `order-${n}`,
    orderNumber: `VP${String(n).padStart(6, '0')}`,
    customerName: 'Maya Jama',
    customerEmail: 'maya@example.com',
    device: 'iPhone 14 Pro',
    customText: text,
    status: 'processing' as OrderStatus,
    total: 6.46,
    createdAt: new Date(Date.UTC(2026, 10, 1 + (n % 20), 12)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 10, 1 + (n % 20), 12)).toISOString(),
    trackingNumber: null,
    items: [{ device: 'iPhone 14 Pro', productType: 'phone-case', caseType: 'CLASSIC', text, color: 'Hot Pink', font: 'Pecita', fontSize: 24, logo: false, price: 5.95, quantity: 1 }],
    version: 1,
    customerPhone: '555-123-4567',
    shippingAddress: { street: '1 Villa Road', city: 'Los Angeles', state: 'CA', postcode: '90001', country: 'United States' },
    billingAddress: null,
    caseType: 'CLASSIC',
    textColor: 'Hot Pink',
    font: 'Pecita',
    fontSize: 24,
    hasLogo: false,
    quantity: 1,
    price: 5.95,
    notes: null,
    marketing: false,
    subtotal: 5.95,
    discount: 0,
    discountCode: null,
    shipping: 0,
    tax: 0.51,
    refundedAmount: 0,
    refundFailedAt: null,
    paymentMethod: 'card',
    paymentIntentId: null,
    paymentStatus: 'succeeded',
    fulfillmentData: { printFile: null, printedAt: null, shippedAt: null },
    ...overrides,
  };
}

/** An order of three different designs on three products (never "the first line ×3"). */
export function threeLineOrder(texts: readonly [string, string, string] | readonly string[]): AdminOrderView {
  const items: AdminOrderView['items'] = [
    { device: 'iPhone 14 Pro', productType: 'phone-case', caseType: 'CLASSIC', text: texts[0]!, color: 'Hot Pink', font: 'Pecita', fontSize: 24, logo: false, price: 5.95, quantity: 1 },
    { device: 'Standard Bottle', productType: 'water-bottle', caseType: 'CLASSIC', text: texts[1]!, color: 'Teal', font: 'Poppins', fontSize: 24, logo: false, price: 5.95, quantity: 2 },
    { device: 'Standard Glass', productType: 'champagne-glass', caseType: 'CLASSIC', text: texts[2]!, color: 'Dark Purple', font: 'Inter', fontSize: 24, logo: true, price: 5.95, quantity: 3 },
  ];
  return adminOrder({ customText: texts[0], items, quantity: 1, total: 38.73, subtotal: 35.7 });
}
