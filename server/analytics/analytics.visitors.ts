import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import { insertVisit } from './analytics.repository';
import type { RollupDb, RollupTables } from './analytics.rollup';

/**
 * Records a visit: at most one per visitor per UTC day (the partial unique index), and keeps the
 * visitor tables that make "distinct visitors of the last N days" a sum over N rows: a visitor
 * has visited within [D, today] exactly when their latest visit day is on or after D.
 * Returns whether this visit counted.
 */
export async function recordVisit(db: Db, visitorId: string, day: string, at: number): Promise<boolean> {
  return db.transaction().execute(async (plainTrx) => {
    if (!(await insertVisit(plainTrx, visitorId, day, at))) return false;
    const trx = plainTrx.withTables<RollupTables>();
    const firstVisit = await trx
      .insertInto('analytics_visitors')
      .values({ visitor_id: visitorId, last_day: day })
      .onConflict((oc) => oc.column('visitor_id').doNothing())
      .executeTakeFirst();
    if (Number(firstVisit.numInsertedOrUpdatedRows ?? 0) > 0) {
      await addToDay(trx, day, 1);
      return true;
    }
    let query = trx.selectFrom('analytics_visitors').select('last_day').where('visitor_id', '=', visitorId);
    if (isPostgres(db)) query = query.forUpdate();
    const previous = (await query.executeTakeFirstOrThrow()).last_day;
    // A visit stamped before the latest one (clock change) leaves the latest day as it is.
    if (previous < day) {
      await trx.updateTable('analytics_visitors').set({ last_day: day }).where('visitor_id', '=', visitorId).execute();
      await addToDay(trx, previous, -1);
      await addToDay(trx, day, 1);
    }
    return true;
  });
}

async function addToDay(trx: RollupDb, day: string, delta: number) {
  await trx
    .insertInto('analytics_day_visitors')
    .values({ day, visitors: delta })
    .onConflict((oc) => oc.column('day').doUpdateSet({ visitors: sql`analytics_day_visitors.visitors + ${delta}` }))
    .execute();
}

/** Distinct visitors with a visit on a day in [fromDay, toDay] ('YYYY-MM-DD'), toDay being today. */
export async function countVisitorsSince(db: Db, fromDay: string, toDay: string): Promise<number> {
  const row = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_visitors')
    .select(sql<number>`coalesce(sum(visitors), 0)`.as('visitors'))
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .executeTakeFirst();
  return Number(row?.visitors ?? 0);
}

/** Recomputes the visitor tables from the visit events, after visits were written in bulk. */
export async function rebuildVisitorTables(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.withTables<RollupTables>().deleteFrom('analytics_day_visitors').execute();
    await trx.withTables<RollupTables>().deleteFrom('analytics_visitors').execute();
    await sql`insert into analytics_visitors (visitor_id, last_day)
      select visitor_id, max(day) from analytics_events where type = 'visit' group by visitor_id`.execute(trx);
    await sql`insert into analytics_day_visitors (day, visitors)
      select last_day, count(*) from analytics_visitors group by last_day`.execute(trx);
  });
}
