import type { Insertable } from 'kysely';
import type { AnalyticsEventTable } from '../analytics/analytics.table';
import { rebuildVisitorTables } from '../analytics/analytics.visitors';
import type { Db } from '../db/database';
import { timeOrderedUuid } from '../db/time-ordered-id';
import { createRandom } from './order-generator';

const DAY_MS = 86_400_000;
/** 7 columns x 1,000 rows per INSERT stays far under every parameter limit. */
const ROWS_PER_STATEMENT = 1_000;
const ROWS_PER_TRANSACTION = 50_000;

export interface GenerateVisitsOptions {
  /** Orders per distinct daily visitor the traffic is sized for (0.035 = 3.5 %, a typical shop). */
  conversion?: number;
  /** Share of a day's visitors who came on an earlier day too. */
  returningShare?: number;
  seed?: number;
}

export type VisitRow = Insertable<AnalyticsEventTable>;

/**
 * Visit events matching a set of orders: each UTC day from the first order to the last gets about
 * (its orders + 0.5) / conversion visitors, some of them returning, at most one visit per visitor
 * a day (the rule POST /api/analytics/events enforces).
 */
export function generateVisits(orders: readonly { createdAt: number }[], options: GenerateVisitsOptions = {}): VisitRow[] {
  const { conversion = 0.035, returningShare = 0.25, seed = 7 } = options;
  if (orders.length === 0) return [];
  const random = createRandom(seed);
  const ordersByDay = new Map<number, number>();
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const order of orders) {
    const day = Math.floor(order.createdAt / DAY_MS);
    ordersByDay.set(day, (ordersByDay.get(day) ?? 0) + 1);
    firstDay = Math.min(firstDay, day);
    lastDay = Math.max(lastDay, day);
  }

  const rows: VisitRow[] = [];
  const visitors: string[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const dayKey = new Date(day * DAY_MS).toISOString().slice(0, 10);
    const wanted = Math.max(1, Math.round(((ordersByDay.get(day) ?? 0) + 0.5) / conversion));
    const today = new Set<string>();
    for (let i = 0; i < wanted; i++) {
      const returning = visitors.length > 0 && random() < returningShare;
      let visitor: string;
      if (returning) visitor = visitors[Math.floor(random() * visitors.length)]!;
      else visitors.push((visitor = `visitor-${seed}-${visitors.length}`));
      if (today.has(visitor)) continue;
      today.add(visitor);
      const at = day * DAY_MS + Math.floor(random() * DAY_MS);
      rows.push({ id: timeOrderedUuid(at), type: 'visit', visitor_id: visitor, day: dayKey, order_number: null, value_cents: null, created_at: at });
    }
  }
  return rows;
}

/**
 * Inserts visits in large transactions (a visit already recorded for that visitor and day is
 * skipped), then rebuilds the visitor tables the dashboard counts from.
 */
export async function bulkInsertVisits(db: Db, rows: readonly VisitRow[]): Promise<number> {
  for (let start = 0; start < rows.length; start += ROWS_PER_TRANSACTION) {
    const batch = rows.slice(start, start + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let offset = 0; offset < batch.length; offset += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('analytics_events')
          .values(batch.slice(offset, offset + ROWS_PER_STATEMENT))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
  }
  await rebuildVisitorTables(db);
  return rows.length;
}
