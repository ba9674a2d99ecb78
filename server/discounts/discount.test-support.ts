import { toDollars } from '../../shared/money';
import { computeTotals, type Discount } from '../../shared/pricing';
import { checkoutBody } from '../payments/payment.test-support';
import type { TestApp } from '../test/test-app';

/** Test-only: a checkout body priced with a code as the server resolves it, for `email`. */
export function discountedCheckout(discount: Discount, sentCode: string = discount.code, email = 'maya@example.com', paymentMethodId = 'pm_card_visa') {
  const body = checkoutBody(paymentMethodId, [2]);
  const totals = computeTotals([{ quantity: 2 }], { discount });
  return {
    ...body,
    customerInfo: { ...body.customerInfo, email },
    discountCode: sentCode,
    subtotal: toDollars(totals.subtotal),
    shipping: toDollars(totals.shipping),
    tax: toDollars(totals.tax),
    total: toDollars(totals.total),
  };
}

/** Orders written with the code. */
export async function ordersWithCode(t: TestApp, code: string): Promise<number> {
  const row = await t.app.context.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('discount_code', '=', code).executeTakeFirstOrThrow();
  return Number(row.n);
}
