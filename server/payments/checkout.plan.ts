import { PAYMENT_CURRENCY } from '../../shared/payments';
import type { StoredResponse } from '../idempotency/idempotency';
import type { NewOrder } from '../orders/order.repository';
import type { OrderRow } from '../orders/order.table';
import { answerColumns, checkoutSuccess, failureAnswer, type ChargeAndPlaceOrder } from './checkout.transaction';
import { errorCodeOf, failureOf, statusFailure } from './payment.errors';
import { newOrderFromSnapshot, paymentIntentRow, type IntentSnapshot } from './payment.snapshot';
import type { PaymentIntentTable, TestGatewayIntentRow } from './payment.table';
import { plannedTestCharge } from './test-gateway';

/**
 * A test-gateway checkout as data, before anything is written: the ledger's charge, the order to
 * write when it succeeded, and, once the order has its number, the shop's intent row and the
 * answer. The one-transaction checkout writes it row by row (SQLite, checkout.transaction.ts) or
 * many checkouts at once (PostgreSQL, server/write-path/postgres-checkout-writer.ts).
 */
export interface PlannedCheckout {
  ledger: TestGatewayIntentRow;
  order: NewOrder | null;
  /** The shop's intent row and the answer, given the written order (null when the charge failed). */
  settle(order: OrderRow | null): { intent: PaymentIntentTable; answer: StoredResponse };
}

export function planTestGatewayCheckout(input: ChargeAndPlaceOrder): PlannedCheckout {
  const { snapshot, intentKey, now } = input;
  const { ledger, intent, failure } = plannedTestCharge(
    { amountCents: snapshot.totals.total, currency: PAYMENT_CURRENCY, idempotencyKey: intentKey, paymentMethodId: input.paymentMethodId },
    now,
  );
  const succeeded = intent.status === 'succeeded';
  return {
    ledger,
    order: succeeded ? newOrderFromSnapshot(snapshot, intent.id, 'checkout', now) : null,
    settle(order) {
      const record = paymentIntentRow(intent, 'test', snapshot, intentKey, now);
      let answer: StoredResponse;
      if (order) {
        record.order_id = order.id;
        answer = { status: 201, body: checkoutSuccess(order) };
      } else {
        const paymentFailure = failure ? failureOf(failure) : statusFailure(intent.status, { id: intent.id, clientSecret: intent.clientSecret });
        record.last_error_code = failure ? errorCodeOf(failure) : paymentFailure.body.code;
        answer = failureAnswer(paymentFailure);
      }
      return { intent: { ...record, ...answerColumns(input, answer) }, answer };
    },
  };
}

/** Plain data: a paid remote charge (Stripe) whose order is to be written (server/write-path/remote-charge-writes.ts). */
export interface PaidRemoteCharge {
  /** The shop's record stored before the charge (payment.snapshot.ts, pendingIntentRow). */
  pendingId: string;
  /** The gateway's id of the paid intent, which the record takes. */
  gatewayId: string;
  snapshot: IntentSnapshot;
  idempotencyKey: string | null;
  requestHash: string;
  now: number;
  /** Whether the order confirmation is queued in the same transaction (false when mail is off). */
  mail: boolean;
}

export type IntentSettlement = Pick<PaymentIntentTable, 'status' | 'order_id' | 'answer_status' | 'answer_body' | 'request_hash' | 'updated_at'>;

/** A paid remote charge's order as data, and, once the order has its number, the record's new columns and the answer. */
export function planRemoteChargeOrder(input: PaidRemoteCharge): { order: NewOrder; settle(order: OrderRow): { intent: IntentSettlement; answer: StoredResponse } } {
  return {
    order: newOrderFromSnapshot(input.snapshot, input.gatewayId, 'checkout', input.now),
    settle(order) {
      const answer: StoredResponse = { status: 201, body: checkoutSuccess(order) };
      return { intent: { status: 'succeeded', order_id: order.id, ...answerColumns(input, answer), updated_at: input.now }, answer };
    },
  };
}
