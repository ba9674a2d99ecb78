import { toDollars } from '../../shared/money';
import type { CheckoutSuccess } from '../../shared/api/types';
import type { AnswerStore, Found, StoredResponse } from '../idempotency/idempotency';
import type { OrderRow } from '../orders/order.table';
import type { PaymentFailure } from '../payments/payment.errors';
import { findPaymentIntentByKey } from '../payments/payment.repository';
import type { PaymentIntentRow, PaymentIntentTable } from '../payments/payment.table';

/**
 * The checkout's answers and where they are kept: on its intent row (`answer_*`, `request_hash`),
 * written by the statements the checkout runs anyway, so a retry with the same Idempotency-Key is
 * told the same and a key sent with another request is refused.
 */
export const CHECKOUT_SCOPE = 'checkout';

export function checkoutSuccess(order: OrderRow): CheckoutSuccess {
  return { success: true, order: { orderNumber: order.order_number, total: toDollars(order.total_cents), customerEmail: order.customer_email } };
}

/** Every checkout failure carries `success: false` next to `{error, code}` (design.md §3). */
export function failureAnswer(failure: PaymentFailure): StoredResponse {
  return { status: failure.status, body: { success: false, ...failure.body } };
}

export type AnswerRequest = { idempotencyKey: string | null; requestHash: string };

/** With an Idempotency-Key, the answer is kept on the checkout's intent row, so a retry is told the same. */
export function answerColumns(request: AnswerRequest, answer: StoredResponse): Pick<PaymentIntentTable, 'answer_status' | 'answer_body' | 'request_hash'> {
  if (!request.idempotencyKey) return { answer_status: null, answer_body: null, request_hash: null };
  return { answer_status: answer.status, answer_body: JSON.stringify(answer.body), request_hash: request.requestHash };
}

/**
 * What the intent stored under a key holds for this request: `reused` when the key was sent with
 * another request (another card, another cart), its answer when it has one, `open` when its charge
 * has not answered yet (a crash, a lost answer, a payment still processing).
 */
export function foundOnIntent(intent: PaymentIntentRow | undefined, requestHash: string): Found<StoredResponse> | 'open' {
  if (!intent) return undefined;
  // The record keeps the fingerprint of the request that made it from the start (checkout.service.ts).
  if (intent.request_hash !== null && intent.request_hash !== requestHash) return 'reused';
  if (intent.answer_status === null || intent.answer_body === null) return 'open';
  return { answer: { status: intent.answer_status, body: JSON.parse(intent.answer_body) } };
}

/** The idempotency store of the checkout: the answer on the intent stored under the key, if any. */
export const intentAnswers: AnswerStore<StoredResponse> = {
  async find(db, { key, requestHash }) {
    const found = foundOnIntent(await findPaymentIntentByKey(db, `${CHECKOUT_SCOPE}:${key}`), requestHash);
    return found === 'open' ? undefined : found;
  },
  async save() {},
};
