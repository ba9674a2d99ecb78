import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PaidRemoteCharge } from '../payments/checkout.plan';
import { chargeAndPlaceOrder, type ChargeAndPlaceOrder } from '../payments/checkout.transaction';
import { insertPaymentIntentOrFindKey } from '../payments/payment.repository';
import type { PaymentIntentTable } from '../payments/payment.table';
import { placeRemoteChargeOrder } from '../payments/remote-charge.transaction';

/**
 * A job of the SQLite checkout writer thread, as plain data: the test gateway's one-transaction
 * checkout, or one of the Stripe checkout's two writes (remote-charge-writes.ts), so that their
 * statements and fsyncs leave the event loop that serves HTTP as the test gateway's do.
 */
export type WriterJob = ChargeAndPlaceOrder | { kind: 'store-pending'; row: PaymentIntentTable } | { kind: 'remote-order'; input: PaidRemoteCharge };

export function runWriterJob(trx: Transaction<Database>, job: WriterJob, afterCharge: () => void): Promise<unknown> {
  if (!('kind' in job)) return chargeAndPlaceOrder(trx, job, afterCharge);
  if (job.kind === 'store-pending') return insertPaymentIntentOrFindKey(trx, job.row);
  return placeRemoteChargeOrder(trx, job.input);
}
