import type { Transaction } from 'kysely';
import { PAYMENT_CURRENCY } from '../../shared/payments';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import type { Found } from '../idempotency/idempotency';
import { mailQueueingOf } from '../mail/mail-outbox';
import { findOrderByPaymentIntent } from '../orders/order.repository';
import type { OrderHistoryTable, OrderRow } from '../orders/order.table';
import type { GatewayIntent, PaymentGateway } from './gateway';
import { writePaidOrder } from './paid-order';
import { prepareCutDesigns } from '../orders/cut-design-requests';
import { isPendingIntent, paidWith, paymentIntentRow, type IntentSnapshot } from './payment.snapshot';
import { adoptGatewayIntent, findPaymentIntent, findPaymentIntentByKey, insertPaymentIntent, updatePaymentIntent } from './payment.repository';
import type { PaymentIntentRow, PaymentIntentTable } from './payment.table';

import { createStripeGateway } from './stripe-gateway';
import { createTestGateway } from './test-gateway';
import { storableSnapshotOf } from './storable-snapshot';
import { orderRecordMetadata } from './order-metadata';
import { measuredGateway } from './measured-gateway';

type IntentAnswerColumns = Partial<Pick<PaymentIntentTable, 'answer_status' | 'answer_body' | 'request_hash'>>;

export interface Payments {
  app: AppContext;
  gateway: PaymentGateway;
  /** Whether orders queue their confirmation mail (false: mail is off). */
  mailQueueing: boolean;
  /** Called between a succeeded charge and its order: a no-op, except where a crash test composes the app. */
  afterCharge(): void;
  /** Intents charged whose order could not be written (storage failing): the upkeep tries them again (payment.upkeep.ts). */
  owedOrders: Set<string>;
}

/**
 * The payments domain of one app, composed by createApp and passed to the routes that need it:
 * its gateway: Stripe when configured, else the built-in test gateway.
 */
export function createPayments(app: AppContext, afterCharge: () => void = () => undefined): Payments {
  const gateway = measuredGateway(app.config.stripe ? createStripeGateway(app.config.stripe) : createTestGateway(app), app.metrics);
  return { app, gateway, mailQueueing: mailQueueingOf(app.config), afterCharge, owedOrders: new Set() };
}

export const parseSnapshot = (row: PaymentIntentRow): IntentSnapshot => JSON.parse(row.snapshot) as IntentSnapshot;

type OpenedIntent = PaymentIntentRow & { clientSecret?: string | null };

/**
 * Creates the gateway intent for a priced cart and stores it with its snapshot; the snapshot is
 * durable before anyone can pay the intent. The idempotency key goes to the gateway too, so a
 * retried request finds the same intent. The intent stored under the key is the key's answer
 * (`idempotent()`'s `run`): `reused` when it was opened for another cart.
 */
export async function openIntent(
  payments: Payments,
  snapshot: IntentSnapshot,
  idempotencyKey: string,
  /** What the caller already found under the key (null: nothing), so it is not looked up twice. */
  found?: PaymentIntentRow | null,
  /** More work in the transaction that stores a new intent (the discount code's claim); a throw stores nothing. */
  onStored?: (trx: Transaction<Database>) => Promise<void>,
): Promise<Found<OpenedIntent>> {
  const { app, gateway } = payments;
  const known = found === undefined ? await findPaymentIntentByKey(app.db, idempotencyKey) : found;
  if (known) return known.snapshot === JSON.stringify(snapshot) ? { answer: known } : 'reused';
  const input = {
    amountCents: snapshot.totals.total,
    currency: PAYMENT_CURRENCY,
    idempotencyKey,
    metadata: { customer_email: snapshot.customer.email, ...orderRecordMetadata({ snapshotJson: JSON.stringify(snapshot), idempotencyKey, requestHash: null }) },
  };
  const remote = await gateway.createIntent(input);
  const opened = await app.db.transaction().execute(async (trx): Promise<OpenedIntent> => {
    const intent = remote;
    const row = paymentIntentRow(intent, gateway.provider, snapshot, idempotencyKey, app.now());
    // A concurrent or retried create with the same key already stored it: answer that one.
    if (!(await insertPaymentIntent(trx, row))) return (await findPaymentIntentByKey(trx, idempotencyKey)) ?? (await findPaymentIntent(trx, intent.id))!;
    await onStored?.(trx);
    return { ...row, clientSecret: intent.clientSecret };
  });
  return { answer: opened };
}

/** Writes the order of a succeeded intent, once (paid-order.ts), with this app's clock and mail setting. */
export function createOrderForIntent(
  trx: Transaction<Database>,
  app: AppContext,
  intentId: string,
  snapshot: IntentSnapshot,
  source: OrderHistoryTable['source'],
  /** More intent columns for the same update (the checkout's stored answer), given the order. */
  alsoOnIntent?: (order: OrderRow) => IntentAnswerColumns,
): Promise<{ order: OrderRow; created: boolean }> {
  return writePaidOrder(trx, { intentId, snapshot, source, now: app.now(), mail: mailQueueingOf(app.config) }, alsoOnIntent);
}

/** True when the gateway's intent is paid in full for the amount this shop stored. */
export function isPaidInFull(local: PaymentIntentRow, remote: GatewayIntent | undefined): boolean {
  return !!remote && remote.status === 'succeeded' && remote.amountCents === local.amount_cents && remote.currency === local.currency;
}

/**
 * Brings one stored intent in line with the gateway: a paid intent without an order gets its order
 * from the stored snapshot (exactly once); otherwise the local status follows the gateway's.
 */
export async function settleIntent(payments: Payments, intentId: string, source: OrderHistoryTable['source']): Promise<OrderRow | undefined> {
  const { app, gateway } = payments;
  const local = await findPaymentIntent(app.db, intentId);
  if (!local) return undefined;
  if (local.order_id) return findOrderByPaymentIntent(app.db, intentId);
  const pending = isPendingIntent(local);
  const remote = pending ? await gateway.findIntentOfShopRecord(intentId) : await gateway.retrieveIntent(intentId);
  // A pending record's charge may not have been sent (it is sent again, under its key, when the
  // shopper retries) or not be searchable yet: it stays as it is until the gateway knows it.
  if (pending && !remote) return undefined;
  const gatewayId = remote?.id ?? intentId;
  const adopt = (trx: Transaction<Database>) => (pending ? adoptGatewayIntent(trx, intentId, gatewayId) : Promise.resolve());
  if (remote && isPaidInFull(local, remote)) {
    const snapshot = paidWith(await storableSnapshotOf(app, local), remote);
    const paid = { intentId: gatewayId, pendingId: intentId, snapshot, source, now: app.now(), mail: payments.mailQueueing };
    const { order } = await app.db.transaction().execute((trx) => writePaidOrder(trx, paid));
    prepareCutDesigns(app, [order.id]);
    return order;
  }
  const status = remote?.status ?? 'canceled';
  if (status !== local.status || pending) {
    await app.db.transaction().execute(async (trx) => {
      await adopt(trx);
      await updatePaymentIntent(trx, gatewayId, { status, updated_at: app.now() });
    });
  }
  return undefined;
}
