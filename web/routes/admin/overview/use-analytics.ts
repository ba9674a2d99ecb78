import { useEffect, useState } from 'react';
import type { Analytics } from '../../../../shared/api/types';
import { ORDER_STATUSES, type AnalyticsRange, type OrderStatus } from '../../../../shared/order-status';
import { call } from '../../../api/client';
import { db } from '../../../db/db';
import { analyticsMetaKey } from '../../../sync/meta-keys';

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

/** The stored answer of a range (IndexedDB, Dexie meta table), or undefined. */
export async function readCachedAnalytics(range: AnalyticsRange): Promise<Analytics | undefined> {
  const record = await db.meta.get(analyticsMetaKey(range)).catch(() => undefined);
  const value = record?.value as Analytics | undefined;
  return value && value.range === range ? value : undefined;
}

/**
 * Analytics of the range: the stored answer at once (so a reload offline shows the last known
 * figures with their time), then the server's; every answer is stored for next time. Reloads
 * when the range or `reloadKey` (a finished sync) moves.
 */
export function useAnalytics(range: AnalyticsRange, reloadKey: unknown): AnalyticsState {
  const [state, setState] = useState<AnalyticsState>({ analytics: emptyAnalytics(range), source: 'empty', loading: true });
  useEffect(() => {
    let live = true;
    let answered = false;
    setState((current) => ({ ...current, loading: true }));
    const cached = readCachedAnalytics(range);
    void cached.then((stored) => {
      if (!live || answered || !stored) return;
      setState((current) => (current.source === 'live' && current.analytics.range === range ? current : { analytics: stored, source: 'cached', loading: true }));
    });
    const request = navigator.onLine
      ? call('analytics', { query: { range } })
      : Promise.reject(new Error('offline'));
    request
      .then((analytics) => {
        answered = true;
        void db.meta.put({ key: analyticsMetaKey(range), value: analytics }).catch(() => undefined);
        if (live) setState({ analytics, source: 'live', loading: false });
      })
      .catch(async () => {
        const stored = await cached;
        if (!live) return;
        setState(stored ? { analytics: stored, source: 'cached', loading: false } : { analytics: emptyAnalytics(range), source: 'empty', loading: false });
      });
    return () => {
      live = false;
    };
  }, [range, reloadKey]);
  return state;
}
