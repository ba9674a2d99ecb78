/**
 * Real trends and processing time for the dashboard (docs/decisions.md):
 * each KPI of a range against the period of the same length just before it, from the same day
 * roll-ups as the KPIs, and the placed-to-shipped time from the status history.
 */
import { sql } from 'kysely';
import type { AnalyticsFigures, AnalyticsTrends } from '../../shared/api/types';
import type { Db } from '../db/database';
import { countDistinctVisitors } from './analytics.repository';
import type { RollupTables } from './analytics.rollup';

/** Fewer orders shipped in the range than this and the dashboard says there is not enough history. */
export const MIN_PROCESSING_SAMPLE = 5;

export interface PeriodTotals {
  orders: number;
  revenueCents: number;
  visitors: number;
}

/** Revenue in cents, orders, average in cents, conversion as a fraction, rounded as the answer shows them. */
export function figuresOf(totals: PeriodTotals) {
  const averageCents = totals.orders === 0 ? 0 : Math.round(totals.revenueCents / totals.orders);
  const conversionRate = totals.visitors === 0 ? 0 : Math.round((totals.orders / totals.visitors) * 10_000) / 10_000;
  return { revenueCents: totals.revenueCents, orders: totals.orders, averageCents, conversionRate };
}

/** Per cent change from `previous` to `current`, one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!(previous > 0)) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Trends of every KPI; all null when the previous period is not covered by the shop's history. */
export function computeTrends(current: PeriodTotals, previous: PeriodTotals | null): AnalyticsTrends {
  if (!previous) return { totalRevenue: null, totalOrders: null, averageOrderValue: null, conversionRate: null };
  const now = figuresOf(current);
  const before = figuresOf(previous);
  return {
    totalRevenue: percentChange(now.revenueCents, before.revenueCents),
    totalOrders: percentChange(now.orders, before.orders),
    averageOrderValue: percentChange(now.averageCents, before.averageCents),
    conversionRate: percentChange(now.conversionRate, before.conversionRate),
  };
}

export function dollarFigures(totals: PeriodTotals, toDollars: (cents: number) => number): AnalyticsFigures {
  const f = figuresOf(totals);
  return { totalRevenue: toDollars(f.revenueCents), totalOrders: f.orders, averageOrderValue: toDollars(f.averageCents), conversionRate: f.conversionRate };
}

/** The first UTC day with any order in the roll-ups, or null for a shop without orders. */
export async function firstOrderDay(db: Db): Promise<number | null> {
  const row = await db
    .withTables<RollupTables>()
    .selectFrom('analytics_day_status')
    .select(sql<number | null>`min(day)`.as('day'))
    .executeTakeFirst();
  return row?.day === null || row?.day === undefined ? null : Number(row.day);
}

/**
 * Distinct visitors of a period that ended before today. The visitor roll-up only answers
 * "since D up to today", so a past period is counted from the visit events (covering index); its
 * days are over, so the answer cannot change and each process remembers it (a cache, not state:
 * another process computes the same number).
 */
const pastVisitors = new WeakMap<Db, Map<string, number>>();
const PAST_VISITORS_KEPT = 64;

export async function countPastVisitors(db: Db, fromDay: string, toDay: string): Promise<number> {
  let memo = pastVisitors.get(db);
  if (!memo) pastVisitors.set(db, (memo = new Map()));
  const key = `${fromDay}/${toDay}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const visitors = await countDistinctVisitors(db, fromDay, toDay);
  if (memo.size >= PAST_VISITORS_KEPT) memo.delete(memo.keys().next().value!);
  memo.set(key, visitors);
  return visitors;
}

/**
 * Average placed-to-shipped time of the orders placed in the range that have been shipped, from
 * the processing roll-up (analytics.rollup.ts); null below the minimum sample.
 */
export function processingTimeOf(rolled: { shippedOrders: number; processingMs: number }) {
  const { shippedOrders, processingMs } = rolled;
  const averageDays = shippedOrders >= MIN_PROCESSING_SAMPLE ? Math.round((processingMs / shippedOrders / 86_400_000) * 10) / 10 : null;
  return { averageDays, shippedOrders, minimumOrders: MIN_PROCESSING_SAMPLE };
}
