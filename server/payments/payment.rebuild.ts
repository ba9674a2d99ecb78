import { userExists } from '../auth/auth.repository';
import { markRestoreRebuilt, restoresToRebuild } from '../backups/backup.repository';
import type { AppContext } from '../app-context';
import { SHOP_INTENT_METADATA_KEY, type ListedIntent, type PaymentGateway } from './gateway';
import { orderRecordOf } from './order-metadata';
import { writePaidOrder } from './paid-order';
import { findPaymentIntent, findPaymentIntentByKey, insertPaymentIntent } from './payment.repository';
import { paymentIntentRow, type IntentSnapshot } from './payment.snapshot';

/** What the rebuild uses of the payments domain (payment.service.ts `Payments`). */
interface Payments {
  app: AppContext;
  gateway: PaymentGateway;
  mailQueueing: boolean;
}

type Rebuilt = 'rebuilt' | 'known' | 'lacking';

/**
 * After a restore (server/backups/restore.ts leaves a mark), the payments the gateway took since
 * the backup that this database has no record of get their record and order again, from what the
 * charge's metadata keeps (order-metadata.ts). A payment whose record is here is left to the
 * reconciliation's usual path. The mark is cleared once every listed payment was looked at; a
 * failure (the gateway out of reach) leaves it for the next run.
 */
export async function rebuildAfterRestore(payments: Payments): Promise<number> {
  const { app } = payments;
  const marks = await restoresToRebuild(app.db);
  if (marks.length === 0) return 0;
  const listed = await payments.gateway.listSucceededIntents(Math.min(...marks.map((mark) => mark.rebuild_since)));
  const outcomes: Record<Rebuilt, string[]> = { rebuilt: [], known: [], lacking: [] };
  for (const intent of listed.sort((a, b) => a.createdAt - b.createdAt)) outcomes[await rebuildOne(payments, intent)].push(intent.id);
  for (const mark of marks) await markRestoreRebuilt(app.db, mark.id, outcomes.rebuilt.length, app.now());
  app.logger.info('orders rebuilt after a restore', { listed: listed.length, rebuilt: outcomes.rebuilt.length });
  if (outcomes.lacking.length) {
    app.logger.error('paid intents after the restored backup could not be rebuilt: their metadata carries no cart', { intentIds: outcomes.lacking });
  }
  return outcomes.rebuilt.length;
}

async function rebuildOne(payments: Payments, intent: ListedIntent): Promise<Rebuilt> {
  const { app, gateway } = payments;
  const shopIntent = intent.metadata[SHOP_INTENT_METADATA_KEY];
  if (await findPaymentIntent(app.db, intent.id)) return 'known';
  if (shopIntent && (await findPaymentIntent(app.db, shopIntent))) return 'known';
  const record = orderRecordOf(intent.metadata) as { snapshot: IntentSnapshot; idempotencyKey: string | null; requestHash: string | null } | null;
  if (!record || record.snapshot.totals?.total !== intent.amountCents) return 'lacking';
  // An account made after the backup is gone with it: the order is then a guest's.
  const userId = record.snapshot.userId;
  const snapshot = { ...record.snapshot, userId: userId !== null && (await userExists(app.db, userId)) ? userId : null };
  await app.db.transaction().execute(async (trx) => {
    const key = record.idempotencyKey && !(await findPaymentIntentByKey(trx, record.idempotencyKey)) ? record.idempotencyKey : null;
    const row = paymentIntentRow(intent, gateway.provider, snapshot, key ?? '', intent.createdAt);
    await insertPaymentIntent(trx, { ...row, idempotency_key: key, request_hash: key ? record.requestHash : null });
    // Dated when it was paid, so it takes its place among the orders; its confirmation goes out again.
    await writePaidOrder(trx, { intentId: intent.id, snapshot, source: 'system', now: intent.createdAt, mail: payments.mailQueueing });
  });
  return 'rebuilt';
}
