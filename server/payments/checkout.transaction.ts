import type { Transaction } from 'kysely';
import { toDollars } from '../../shared/money';
import type { CheckoutSuccess } from '../../shared/api/types';
import type { Database } from '../db/schema';
import type { AnswerStore, Found, StoredResponse } from '../idempotency/idempotency';
import { queueOrderConfirmation } from '../mail/mail-outbox';
import { insertOrder } from '../orders/order.repository';
import type { OrderRow } from '../orders/order.table';
import { insertRow } from '../db/precompiled';
import { planTestGatewayCheckout } from './checkout.plan';
import { IntentKeyTakenError } from './gateway';
import type { PaymentFailure } from './payment.errors';
import { findPaymentIntentByKey, insertPaymentIntent } from './payment.repository';
import type { PaymentIntentRow, PaymentIntentTable } from './payment.table';
import type { IntentSnapshot } from './payment.snapshot';

/**
 * The database side of a checkout whose gateway keeps its ledger in this database (the test
 * gateway): charge, the shop's intent with its snapshot, the order and the stored answer, in the
 * caller's transaction. Kept apart from checkout.service.ts, with plain data in and out, because it
 * also runs on the checkout writer thread (server/write-path/checkout-writer.ts), which loads only what it needs.
 */
export const CHECKOUT_SCOPE = 'checkout';


/** Plain data only: it crosses to the writer thread by structured clone. */
export interface ChargeAndPlaceOrder {
  snapshot: IntentSnapshot;
  intentKey: string;
  paymentMethodId: string;
  idempotencyKey: string | null;
  requestHash: string;
  now: number;
  /** Whether the order confirmation is queued in the same transaction (false when mail is off). */
  mail: boolean;
}


export function checkoutSuccess(order: OrderRow): CheckoutSuccess {
  return { success: true, order: { orderNumber: order.order_number, total: toDollars(order.total_cents), customerEmail: order.customer_email } };
}

/** Every checkout failure carries `success: false` next to `{error, code}` (design.md §3). */
export function failureAnswer(failure: PaymentFailure): StoredResponse {
  return { status: failure.status, body: { success: false, ...failure.body } };
}

type AnswerRequest = { idempotencyKey: string | null; requestHash: string };

/** With an Idempotency-Key, the answer is kept on the checkout's intent row, so a retry is told the same. */
export function answerColumns(request: AnswerRequest, answer: StoredResponse): Pick<PaymentIntentTable, 'answer_status' | 'answer_body' | 'request_hash'> {
  if (!request.idempotencyKey) return { answer_status: null, answer_body: null, request_hash: null };
  return { answer_status: answer.status, answer_body: JSON.stringify(answer.body), request_hash: request.requestHash };
}

/**
 * What an Idempotency-Key already holds: `reused` when it answered a different request; `taken`
 * when it holds an intent without an answer (a Stripe-path intent, or one left by a crash), which
 * the general path resumes.
 */
export type KeyConflict = 'reused' | 'taken';

/** What the one-transaction checkout ends with: an answer, new or stored, or the key's conflict. */
export type CheckoutOutcome = StoredResponse | KeyConflict;

/** What the intent stored under a key holds for this request: its answer, `reused`, or `taken` (an intent without an answer). */
export function foundOnIntent(intent: PaymentIntentRow | undefined, requestHash: string): Found<StoredResponse> | 'taken' {
  if (!intent) return undefined;
  if (intent.answer_status === null || intent.answer_body === null) return 'taken';
  if (intent.request_hash !== requestHash) return 'reused';
  return { answer: { status: intent.answer_status, body: JSON.parse(intent.answer_body) } };
}

/** The answer already given for this intent's key, or the key's conflict; undefined when there is neither. */
export function storedAnswerOrConflict(intent: PaymentIntentRow | undefined, requestHash: string): CheckoutOutcome | undefined {
  const found = foundOnIntent(intent, requestHash);
  return typeof found === 'object' ? found.answer : found;
}

/**
 * The checkout's answers, kept on its intent row (`answer_*`, `request_hash`) for speed: the row is
 * written anyway, so storing the answer costs no statement. `save` has nothing to do: the answer
 * columns go into the write that inserts the intent or links it to its order (`answerColumns`).
 * An intent without an answer holds no answer for a retry (the checkout resumes it).
 */
export const intentAnswers: AnswerStore<StoredResponse> = {
  async find(db, { key, requestHash }) {
    const found = foundOnIntent(await findPaymentIntentByKey(db, `${CHECKOUT_SCOPE}:${key}`), requestHash);
    return found === 'taken' ? undefined : found;
  },
  async save() {},
};

/**
 * A crash leaves all of it or none, so nothing is ever charged without its order; one transaction
 * instead of three is also what keeps checkout within its budget (docs/benchmarks/payments.md).
 * The key is looked up here rather than before: on the writer thread that read finds its pages in
 * the connection's own cache, where the main connection's cache is emptied by every commit of the
 * writer. A key already in use is reported, not thrown, so the batch it runs in need not roll back.
 * Throws IntentKeyTakenError when another process created an intent with the key in the meantime.
 */
export async function chargeAndPlaceOrder(trx: Transaction<Database>, input: ChargeAndPlaceOrder, afterCharge: () => void = () => undefined): Promise<CheckoutOutcome> {
  if (input.idempotencyKey) {
    // The store's look-up (intentAnswers), on the transaction's connection, with `taken` kept apart.
    const found = storedAnswerOrConflict(await findPaymentIntentByKey(trx, input.intentKey), input.requestHash);
    if (found) return found;
  }
  const plan = planTestGatewayCheckout(input);
  await insertRow(trx, 'test_gateway_intents', plan.ledger);
  let order: OrderRow | null = null;
  if (plan.order) {
    // The crash tests' fault (app-faults.ts) comes in here from the write path: charged, no order yet.
    afterCharge();
    order = await insertOrder(trx, plan.order);
    await queueOrderConfirmation(trx, input.mail, order, input.now);
  }
  const { intent, answer } = plan.settle(order);
  // The shop's intent must commit with the charge and the order; if its key is taken, none of them do.
  if (!(await insertPaymentIntent(trx, intent))) throw new IntentKeyTakenError(input.intentKey);
  return answer;
}
