import type { DbOrTrx } from '../db/transaction';

/**
 * How many client error reports are kept and for how long: enough to diagnose a bad release,
 * bounded whatever clients send (a flood of reports once grew the database by 11 MB in 3 s).
 */
export const ERROR_REPORT_RETENTION = { maxReports: 5_000, maxAgeMs: 30 * 24 * 60 * 60 * 1000 } as const;

/** Deletes reports older than the retention age and all but the newest `maxReports`. */
export async function pruneErrorReports(db: DbOrTrx, now: number, retention: { maxReports: number; maxAgeMs: number } = ERROR_REPORT_RETENTION): Promise<void> {
  await db.deleteFrom('error_reports').where('created_at', '<', now - retention.maxAgeMs).execute();
  const oldestKept = await db
    .selectFrom('error_reports')
    .select('created_at')
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(retention.maxReports - 1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('error_reports').where('created_at', '<', oldestKept.created_at).execute();
}
