import { setTimeout as delay } from 'node:timers/promises';
import { releaseDiscountUse } from '../discounts/discount.service';
import { GatewayRequestError } from './gateway';
import { findPaymentIntent, listIntentsWithoutOrder, updatePaymentIntent } from './payment.repository';
import { rebuildAfterRestore } from './payment.rebuild';
import { settleIntent, type Payments } from './payment.service';
import { isPendingIntent } from './payment.snapshot';

/**
 * The payments' background upkeep, started after the shop listens and never in a request's way:
 *   - the reconciliation (after a restore, first the rebuild of payment.rebuild.ts): every recent
 *     intent without an order is settled with the gateway, a paid one getting its order; an intent
 *     still unpaid after UNPAID_INTENT_MINUTES is cancelled at the gateway, so it can no longer be
 *     paid and leaves the set looked through. It runs at start, then every RECONCILE_INTERVAL_SECONDS,
 *     a few intents at a time and within a time budget, one pass at a time;
 *   - orders owed: a charge whose order could not be written (storage failing) is retried every
 *     few seconds, so it becomes its order soon after storage returns.
 */
const RECONCILE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const RECONCILE_LIMIT = 500;
/** Gateway calls of one pass under way at once: enough to get through, few enough to leave Stripe's rate limit to the shoppers. */
const RECONCILE_CONCURRENCY = 4;
/** A pass starts no new intent after this long; the next pass goes on. */
const RECONCILE_BUDGET_MS = 2 * 60 * 1000;
/** How often orders owed after a storage failure are tried again. */
const OWED_RETRY_MS = 10_000;
/** How long closing the shop waits for the pass under way. */
const STOP_WAIT_MS = 3_000;
/** Statuses in which an intent can still be paid, so it is cancelled once stale. */
const CANCELLABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export interface ReconcileSummary {
  checked: number;
  ordersCreated: number;
  cancelled: number;
}

export interface PaymentUpkeep {
  /** One pass now (or the one under way): what tests and the first start wait on. */
  reconcileNow(): Promise<ReconcileSummary>;
  stop(): Promise<void>;
}

/** Starts the upkeep of `payments`: a first pass on the next turn of the event loop, then periodic ones. */
export function startPaymentUpkeep(payments: Payments): PaymentUpkeep {
  const { app } = payments;
  let running: Promise<ReconcileSummary> | null = null;
  let stopped = false;
  const reconcileNow = () => {
    running ??= reconcileIntents(payments, () => stopped).finally(() => (running = null));
    return running;
  };
  const pass = () => {
    if (stopped) return;
    reconcileNow().catch((error: unknown) => app.logger.warn('payment reconciliation failed; the next pass tries again', { error: String(error) }));
  };
  const first = setTimeout(pass, 0);
  const periodic = setInterval(pass, app.config.payments.reconcileIntervalMs);
  const owed = setInterval(() => void settleOwedOrders(payments), OWED_RETRY_MS);
  for (const timer of [first, periodic, owed]) timer.unref();
  return {
    reconcileNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(periodic);
      clearInterval(owed);
      // The pass under way starts no new intent; one waiting on a gateway that does not answer is not waited for long.
      if (running) await Promise.race([running.catch(() => undefined), delay(STOP_WAIT_MS, undefined, { ref: false })]);
    },
  };
}

let owedSettling = false;

/** Tries again the orders of charges whose write failed (payments.owedOrders). */
async function settleOwedOrders(payments: Payments): Promise<void> {
  if (owedSettling || payments.owedOrders.size === 0) return;
  owedSettling = true;
  try {
    for (const intentId of [...payments.owedOrders]) {
      try {
        await settleIntent(payments, intentId, 'system');
        payments.owedOrders.delete(intentId);
      } catch (error) {
        payments.app.logger.debug('an owed order is still not written', { intentId, error: String(error) });
      }
    }
  } finally {
    owedSettling = false;
  }
}

/** One reconciliation pass (see above); `stopping` ends it early when the shop closes. */
export async function reconcileIntents(payments: Payments, stopping: () => boolean = () => false): Promise<ReconcileSummary> {
  const { app } = payments;
  const rebuilt = await rebuildAfterRestore(payments).catch((error: unknown) => {
    app.logger.warn('rebuilding the payments after a restore failed; the next reconciliation tries again', { error: String(error) });
    return 0;
  });
  const started = Date.now();
  const open = await listIntentsWithoutOrder(app.db, app.now() - RECONCILE_WINDOW_MS, RECONCILE_LIMIT);
  const summary: ReconcileSummary = { checked: 0, ordersCreated: rebuilt, cancelled: 0 };
  let next = 0;
  const worker = async () => {
    while (next < open.length && !stopping() && Date.now() - started < RECONCILE_BUDGET_MS) {
      const intent = open[next++]!;
      summary.checked++;
      try {
        if (await settleIntent(payments, intent.id, 'system')) summary.ordersCreated++;
        else if (await cancelIfStale(payments, intent.id)) summary.cancelled++;
      } catch (error) {
        app.logger.warn('payment reconciliation failed for one intent', { intentId: intent.id, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: RECONCILE_CONCURRENCY }, worker));
  if (summary.checked) app.logger.info('payment reconciliation', { ...summary, open: open.length });
  return summary;
}

/**
 * Cancels at the gateway an intent the gateway knows that is still unpaid after UNPAID_INTENT_MINUTES,
 * and gives back any discount use it holds. A pending record (a checkout whose charge the gateway
 * has not seen) holds nothing at the gateway and is left alone.
 */
async function cancelIfStale(payments: Payments, intentId: string): Promise<boolean> {
  const { app, gateway } = payments;
  const local = await findPaymentIntent(app.db, intentId);
  if (!local || local.order_id || isPendingIntent(local) || !CANCELLABLE.has(local.status)) return false;
  if (local.created_at > app.now() - app.config.payments.unpaidIntentMs) return false;
  let status: string;
  try {
    status = (await gateway.cancelIntent(intentId)).status;
  } catch (error) {
    // Paid or cancelled meanwhile: the gateway's own state is recorded, and the next pass settles a paid one.
    if (!(error instanceof GatewayRequestError && error.status < 500)) throw error;
    status = (await gateway.retrieveIntent(intentId))?.status ?? 'canceled';
  }
  await app.db.transaction().execute(async (trx) => {
    if (status === 'canceled') await releaseDiscountUse(trx, intentId);
    await updatePaymentIntent(trx, intentId, { status, updated_at: app.now() });
  });
  return status === 'canceled';
}
