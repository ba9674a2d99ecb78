/**
 * The Overview's pure logic: which cached orders a range covers, chart buckets (days up
 * to 90 days, weeks for a year), round axis ticks, and how a trend reads.
 */
import type { Analytics } from '../../../../shared/api/types';
import { ORDER_STATUSES, RANGE_DAYS, type AnalyticsRange, type OrderStatus } from '../../../../shared/order-status';

const DAY_MS = 86_400_000;
/** Longest range drawn one bar a day; longer ranges are drawn one bar a week. */
export const DAILY_CHART_MAX_DAYS = 90;

/**
 * First millisecond of a range: the last N UTC calendar days, today included, exactly as the
 * server counts them (docs/decisions.md), so the breakdown and the KPIs cover the same orders.
 */
export function rangeStartMs(range: AnalyticsRange, now: number): number {
  return (Math.floor(now / DAY_MS) - RANGE_DAYS[range] + 1) * DAY_MS;
}

/** Orders per status among those placed in the range (cached orders, pending local changes included). */
export function statusBreakdown(orders: readonly { status: OrderStatus; createdAtMs: number }[], range: AnalyticsRange, now: number) {
  const from = rangeStartMs(range, now);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const order of orders) if (order.createdAtMs >= from && counts[order.status] !== undefined) counts[order.status]++;
  return counts;
}

export interface ChartBucket {
  /** First day of the bucket, 'YYYY-MM-DD'. */
  start: string;
  /** Last day of the bucket, 'YYYY-MM-DD' (the same as start for a day). */
  end: string;
  revenue: number;
  orders: number;
}

/**
 * Days as they are up to 90 days; a year as weeks starting on Monday (UTC), the first and last
 * possibly shorter, so 365 days become 53 bars or 54 readable bars instead of 365 spikes.
 */
export function chartBuckets(data: Analytics['chartData']): { unit: 'day' | 'week'; buckets: ChartBucket[] } {
  if (data.length <= DAILY_CHART_MAX_DAYS) {
    return { unit: 'day', buckets: data.map((d) => ({ start: d.date, end: d.date, revenue: d.revenue, orders: d.orders })) };
  }
  const buckets: ChartBucket[] = [];
  for (const d of data) {
    const weekday = new Date(`${d.date}T00:00:00Z`).getUTCDay();
    const last = buckets.at(-1);
    if (!last || weekday === 1) {
      buckets.push({ start: d.date, end: d.date, revenue: d.revenue, orders: d.orders });
    } else {
      last.end = d.date;
      last.orders += d.orders;
      // Sums of dollar amounts in cents, so 0.1 + 0.2 stays 0.3.
      last.revenue = Math.round((last.revenue + d.revenue) * 100) / 100;
    }
  }
  return { unit: 'week', buckets };
}

/**
 * Round axis ticks from 0 (the "nice numbers" rule of Heckbert's Graphics Gems): the step is 1, 2
 * or 5 times a power of ten, chosen so about `count` steps cover `max`; `integer` keeps steps >= 1
 * (order counts). Always at least [0, step].
 */
export function niceTicks(max: number, count = 4, integer = false): number[] {
  const target = max > 0 && Number.isFinite(max) ? max : 1;
  const rough = target / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
  if (integer) step = Math.max(1, Math.round(step));
  const ticks: number[] = [];
  const last = Math.ceil(target / step - 1e-9) * step;
  for (let i = 0; i * step <= last + step / 1e6; i++) ticks.push(Number((i * step).toFixed(10)));
  return ticks.length > 1 ? ticks : [0, step];
}

/** "+12.5%", "−3.0%", "0.0%"; null when there is no trend to show. */
export function formatTrend(percent: number | null | undefined): { text: string; direction: 'up' | 'down' | 'flat' } | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return { text: `${sign}${Math.abs(percent).toFixed(1)}%`, direction };
}

/** Axis label of a dollar tick: "$0", "$250", "$1.5k", "$12k". */
export function formatDollarTick(value: number): string {
  if (value >= 1000) return `$${Number((value / 1000).toFixed(1))}k`;
  return `$${Number(value.toFixed(2))}`;
}
