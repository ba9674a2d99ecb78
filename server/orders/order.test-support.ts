import { computeTotals } from '../../shared/pricing';
import { UNIT_PRICE_CENTS } from '../../shared/catalog';
import { SAMPLE_DESIGN } from '../../shared/design.test-support';
import type { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/database';
import { insertOrder, type NewOrder, type NewOrderItem } from './order.repository';
import type { OrderRow } from './order.table';

/**
 * Test-only helper: writes a paid order through the repository layer, as tests must until the
 * public way in (checkout) exists. Every field can be overridden.
 */
export type TestOrderOverrides = Partial<Omit<NewOrder, 'items' | 'totals'>> & { items?: Partial<NewOrderItem>[]; status?: OrderStatus };

export async function createTestOrder(db: Db, overrides: TestOrderOverrides = {}): Promise<OrderRow> {
  return db.transaction().execute((trx) => insertOrder(trx, newTestOrder(overrides)));
}

/** The order `createTestOrder` writes, for a test that writes it in its own transaction. */
export function newTestOrder(overrides: TestOrderOverrides = {}): NewOrder {
  const items: NewOrderItem[] = (overrides.items ?? [{}]).map((item) => ({
    ...SAMPLE_DESIGN,
    unitPriceCents: UNIT_PRICE_CENTS,
    quantity: 1,
    ...item,
  }));
  return {
    userId: null,
    customer: { email: 'maya@example.com', firstName: 'Maya', lastName: 'Jama', phone: '555-123-4567' },
    shippingAddress: { address: '1 Villa Road', city: 'Los Angeles', state: 'CA', zipCode: '90001', country: 'United States' },
    billingAddress: null,
    status: 'processing',
    specialInstructions: null,
    marketing: false,
    paymentIntentId: null,
    paymentMethod: 'card',
    paymentStatus: 'succeeded',
    source: 'system',
    createdAt: Date.now(),
    ...overrides,
    items,
    totals: computeTotals(items),
  };
}
