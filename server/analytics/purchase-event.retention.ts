import type { DbOrTrx } from '../db/transaction';

/**
 * How long the purchase events clients send (spec.md §4) are kept, and how many at most. No report
 * reads them: the dashboard's revenue and orders come from the orders themselves (analytics.rollup.ts),
 * so there is nothing to roll up before they go; they are kept a quarter for looking into a
 * client's tracking, and bounded whatever clients send (they were never deleted).
 */
export const PURCHASE_EVENT_RETENTION = { maxEvents: 100_000, maxAgeMs: 90 * 24 * 60 * 60 * 1000 } as const;

/** Deletes purchase events older than the retention age and all but the newest `maxEvents`. */
export async function prunePurchaseEvents(db: DbOrTrx, now: number, retention: { maxEvents: number; maxAgeMs: number } = PURCHASE_EVENT_RETENTION): Promise<void> {
  await db.deleteFrom('analytics_events').where('type', '=', 'purchase').where('created_at', '<', now - retention.maxAgeMs).execute();
  const oldestKept = await db
    .selectFrom('analytics_events')
    .select('created_at')
    .where('type', '=', 'purchase')
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(retention.maxEvents - 1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('analytics_events').where('type', '=', 'purchase').where('created_at', '<', oldestKept.created_at).execute();
}
