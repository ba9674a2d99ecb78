import type { Analytics } from '../../shared/api/types';
import type { ProductTypeId } from '../../shared/catalog';
import { toDollars } from '../../shared/money';
import { ORDER_STATUSES, RANGE_DAYS, type AnalyticsRange, type OrderStatus } from '../../shared/order-status';
import type { AppContext } from '../app-context';
import { DAY_MS, recentOrderChanges } from './analytics.repository';
import { refreshRollups, rolledUpDayTotals, rolledUpProcessing, rolledUpStatusCounts, rolledUpTopProducts, type DayTotalRow } from './analytics.rollup';
import { computeTrends, countPastVisitors, dollarFigures, firstOrderDay, processingTimeOf, type PeriodTotals } from './analytics.trends';
import { countVisitorsSince } from './analytics.visitors';

export const TOP_PRODUCTS_LIMIT = 5;
export const RECENT_ACTIVITY_LIMIT = 10;

/** 'YYYY-MM-DD' of a UTC day number. */
export function dayKey(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function utcDayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/**
 * The UTC days a range covers: the last N calendar days, today included (docs/decisions.md),
 * plus the starts of the real-time windows, all as UTC day numbers.
 */
export function analyticsWindows(range: AnalyticsRange, now: number) {
  const today = utcDayOf(now);
  const firstOfMonth = new Date(now);
  firstOfMonth.setUTCDate(1);
  const rangeStart = today - RANGE_DAYS[range] + 1;
  return {
    today,
    rangeStart,
    /** The period of the same length just before the range, for the trends. */
    previousStart: rangeStart - RANGE_DAYS[range],
    previousEnd: rangeStart - 1,
    last7DaysStart: today - 6,
    monthStart: utcDayOf(firstOfMonth.getTime()),
  };
}

interface Bucket {
  orders: number;
  revenueCents: number;
}

const emptyBucket = (): Bucket => ({ orders: 0, revenueCents: 0 });
const bucketView = (bucket: Bucket) => ({ orders: bucket.orders, revenue: toDollars(bucket.revenueCents) });

/** The dashboard's analytics object (spec.md §3) for a range, as of `ctx.now()`. */
export async function buildAnalytics(ctx: AppContext, range: AnalyticsRange): Promise<Analytics> {
  const now = ctx.now();
  const w = analyticsWindows(range, now);
  // One read covers the range, the period before it (trends) and the real-time windows.
  const scanStart = Math.min(w.previousStart, w.last7DaysStart, w.monthStart);

  await refreshRollups(ctx.db);
  const [dayRows, statusRows, products, activity, visitors, firstDay, processing] = await Promise.all([
    rolledUpDayTotals(ctx.db, scanStart, w.today),
    rolledUpStatusCounts(ctx.db, w.rangeStart, w.today),
    rolledUpTopProducts(ctx.db, w.rangeStart, w.today, TOP_PRODUCTS_LIMIT),
    recentOrderChanges(ctx.db, RECENT_ACTIVITY_LIMIT),
    countVisitorsSince(ctx.db, dayKey(w.rangeStart), dayKey(w.today)),
    firstOrderDay(ctx.db),
    rolledUpProcessing(ctx.db, w.rangeStart, w.today),
  ]);

  const totals = summarise(dayRows, w);
  const current: PeriodTotals = { orders: totals.range.orders, revenueCents: totals.range.revenueCents, visitors };
  // No trend unless the shop's orders reach back to the start of the previous period: a partial
  // previous period would make any shop look like it is growing.
  const previous: PeriodTotals | null =
    firstDay !== null && firstDay <= w.previousStart
      ? {
          orders: totals.previous.orders,
          revenueCents: totals.previous.revenueCents,
          visitors: await countPastVisitors(ctx.db, dayKey(w.previousStart), dayKey(w.previousEnd)),
        }
      : null;
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of statusRows) if (row.status in statusCounts) statusCounts[row.status as OrderStatus] = row.orders;
  const totalOrders = totals.range.orders;
  return {
    range,
    generatedAt: new Date(now).toISOString(),
    totalRevenue: toDollars(totals.range.revenueCents),
    totalOrders,
    averageOrderValue: totalOrders === 0 ? 0 : toDollars(Math.round(totals.range.revenueCents / totalOrders)),
    conversionRate: visitors === 0 ? 0 : Math.round((totalOrders / visitors) * 10_000) / 10_000,
    statusCounts,
    chartData: totals.chart.map((bucket, index) => ({
      date: dayKey(w.rangeStart + index),
      revenue: toDollars(bucket.revenueCents),
      orders: bucket.orders,
    })),
    recentActivity: activity.map((row) => ({
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      customerName: `${row.firstName} ${row.lastName}`.trim(),
      status: row.status,
      total: toDollars(row.totalCents),
      at: new Date(row.changedAt).toISOString(),
    })),
    topProducts: products.map((row) => ({
      device: row.device,
      productType: (row.productType as ProductTypeId | null) ?? null,
      quantity: row.quantity,
      revenue: toDollars(row.revenueCents),
    })),
    realtime: {
      today: bucketView(totals.today),
      last7Days: bucketView(totals.last7Days),
      month: bucketView(totals.month),
    },
    period: { from: dayKey(w.rangeStart), to: dayKey(w.today) },
    trends: computeTrends(current, previous),
    previousPeriod: previous && { ...dollarFigures(previous, toDollars), from: dayKey(w.previousStart), to: dayKey(w.previousEnd) },
    processingTime: processingTimeOf(processing),
  };
}

/** Folds the per-day rows into the range totals, the chart and the real-time buckets. */
function summarise(rows: DayTotalRow[], w: ReturnType<typeof analyticsWindows>) {
  const chart = Array.from({ length: w.today - w.rangeStart + 1 }, emptyBucket);
  const range = emptyBucket();
  const today = emptyBucket();
  const last7Days = emptyBucket();
  const month = emptyBucket();
  const previous = emptyBucket();
  const add = (bucket: Bucket, row: DayTotalRow) => {
    bucket.orders += row.countedOrders;
    bucket.revenueCents += row.revenueCents;
  };
  for (const row of rows) {
    if (row.day >= w.rangeStart && row.day <= w.today) {
      add(range, row);
      add(chart[row.day - w.rangeStart]!, row);
    }
    if (row.day >= w.previousStart && row.day <= w.previousEnd) add(previous, row);
    if (row.day === w.today) add(today, row);
    if (row.day >= w.last7DaysStart) add(last7Days, row);
    if (row.day >= w.monthStart) add(month, row);
  }
  return { chart, range, today, last7Days, month, previous };
}
