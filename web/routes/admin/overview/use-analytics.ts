import { useEffect, useState } from 'react';
import { apiPath } from '../../../../shared/api/routes';
import type { Analytics } from '../../../../shared/api/types';
import { ORDER_STATUSES, type AnalyticsRange, type OrderStatus } from '../../../../shared/order-status';
import { apiRequest } from '../../../api/client';

/** spec.md §8: when analytics fail to load, the dashboard shows zeros with conversion 0.15. */
export const CONVERSION_RATE_FALLBACK = 0.15;

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

export interface AnalyticsState {
  analytics: Analytics;
  loading: boolean;
  failed: boolean;
}

/** Loads analytics for the range; reloads when the range or `reloadKey` (a status change) moves. */
export function useAnalytics(range: AnalyticsRange, reloadKey: unknown): AnalyticsState {
  const [state, setState] = useState<AnalyticsState>({ analytics: emptyAnalytics(range), loading: true, failed: false });
  useEffect(() => {
    let live = true;
    setState((current) => ({ ...current, loading: true }));
    apiRequest<Analytics>('GET', apiPath('analytics', {}, { range }))
      .then((analytics) => live && setState({ analytics, loading: false, failed: false }))
      .catch(() => live && setState({ analytics: emptyAnalytics(range), loading: false, failed: true }));
    return () => {
      live = false;
    };
  }, [range, reloadKey]);
  return state;
}
