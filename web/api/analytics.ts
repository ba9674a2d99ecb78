/**
 * The dashboard's figures, kept on the tablet as well: every answer of a range is stored (Dexie meta
 * table), and the stored one shows at once, with its time, while the server is asked, so a reload
 * offline still shows the last known figures. Reloads when the range or `reloadKey` (a finished
 * sync) moves.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics } from '../../shared/api/types';
import { ORDER_STATUSES, type AnalyticsRange, type OrderStatus } from '../../shared/order-status';
import { db } from '../db/db';
import { analyticsMetaKey } from '../sync/meta-keys';
import { call } from './client';
import { queryClient, queryKeysFactory } from './query-client';

/** spec.md §8: when analytics fail to load, the dashboard shows zeros with conversion 0.15. */
export const CONVERSION_RATE_FALLBACK = 0.15;

/** The spec's empty analytics: only when no answer for the range was ever stored; no trends. */
export function emptyAnalytics(range: AnalyticsRange): Analytics {
  const zero = { orders: 0, revenue: 0 };
  return {
    range,
    generatedAt: new Date().toISOString(),
    totalRevenue: 0,
    totalOrders: 0,
    averageOrderValue: 0,
    conversionRate: CONVERSION_RATE_FALLBACK,
    statusCounts: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>,
    chartData: [],
    recentActivity: [],
    topProducts: [],
    realtime: { today: zero, last7Days: zero, month: zero },
  };
}

/** live: the server's answer now; cached: the last answer stored for the range; empty: never loaded. */
export type AnalyticsSource = 'live' | 'cached' | 'empty';

export interface AnalyticsState {
  analytics: Analytics;
  source: AnalyticsSource;
  loading: boolean;
}

export const analyticsQueryKeys = queryKeysFactory('analytics');

/** The stored answer of a range (IndexedDB, Dexie meta table), or null. */
async function readCachedAnalytics(range: AnalyticsRange): Promise<Analytics | null> {
  const record = await db.meta.get(analyticsMetaKey(range)).catch(() => undefined);
  const value = record?.value as Analytics | undefined;
  return value && value.range === range ? value : null;
}

async function fetchAndStore(range: AnalyticsRange): Promise<Analytics> {
  if (!navigator.onLine) throw new Error('offline');
  const analytics = await call('analytics', { query: { range } });
  void db.meta.put({ key: analyticsMetaKey(range), value: analytics }).catch(() => undefined);
  return analytics;
}

export function useAnalytics(range: AnalyticsRange, reloadKey: unknown): AnalyticsState {
  const stored = useQuery({ queryKey: analyticsQueryKeys.detail(range, { stored: reloadKey }), queryFn: () => readCachedAnalytics(range) }, queryClient);
  // The last live answer stays on screen while a reload of the same range is under way.
  const live = useQuery(
    { queryKey: analyticsQueryKeys.detail(range, { live: reloadKey }), queryFn: () => fetchAndStore(range), placeholderData: keepPreviousData },
    queryClient,
  );
  const liveAnswer = live.data?.range === range ? live.data : undefined;
  const loading = live.isFetching;
  if (liveAnswer) return { analytics: liveAnswer, source: 'live', loading };
  if (stored.data) return { analytics: stored.data, source: 'cached', loading };
  return { analytics: emptyAnalytics(range), source: 'empty', loading: loading || stored.isPending };
}
