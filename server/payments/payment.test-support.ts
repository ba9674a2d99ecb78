import { toDollars } from '../../shared/money';
import { computeTotals, DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS } from '../../shared/pricing';
import type { TestApp } from '../test/test-app';

/** Test-only: a valid cart payload priced as the catalogue prices it (dollars, as a client sends). */
export function cartPayload(quantities: number[] = [1], threshold = DEFAULT_FREE_SHIPPING_THRESHOLD_CENTS) {
  const totals = computeTotals(quantities.map((quantity) => ({ quantity })), { freeShippingThresholdCents: threshold });
  return {
    customerInfo: { email: 'maya@example.com', firstName: 'Maya', lastName: 'Jama', phone: '(555) 123-4567' },
    shippingAddress: { address: '1 Villa Road', city: 'Los Angeles', state: 'CA', zipCode: '90001', country: 'United States' },
    items: quantities.map((quantity, index) => ({
      device: 'iPhone 14 Pro',
      caseType: 'CLASSIC',
      text: `Bombshell ${index + 1}`,
      color: 'Hot Pink',
      font: 'Inter',
      fontSize: 24,
      logo: false,
      price: 5.95,
      quantity,
    })),
    subtotal: toDollars(totals.subtotal),
    shipping: toDollars(totals.shipping),
    tax: toDollars(totals.tax),
    total: toDollars(totals.total),
    totalCents: totals.total,
  };
}

/** The body of POST /api/checkout for a priced cart and a PaymentMethod id. */
export function checkoutBody(paymentMethodId = 'pm_card_visa', quantities: number[] = [1]) {
  const { totalCents: _cents, ...cart } = cartPayload(quantities);
  return { ...cart, billingAddress: null, specialInstructions: null, marketing: false, paymentMethodId };
}

export async function countRows(t: TestApp, table: 'orders' | 'payment_intents' | 'test_gateway_intents'): Promise<number> {
  const row = await t.app.context.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Charges the test gateway took: its intents that reached succeeded. */
export async function testGatewayCharges(t: TestApp): Promise<number> {
  const row = await t.app.context.db
    .selectFrom('test_gateway_intents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
