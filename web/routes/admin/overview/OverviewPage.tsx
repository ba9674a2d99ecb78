import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import { useAdminRange } from '../admin-range';
import { downloadOrdersCsv } from '../orders/csv-export';
import { formatDollars } from '../shared/format';
import { useCachedOrdersOrEmpty } from '../sync/use-cached-orders';
import { useSyncStatus } from '../sync/use-sync-status';
import { RecentActivity, TopProducts } from './AnalyticsTables';
import { RevenueChart } from './RevenueChart';
import { useAnalytics } from './use-analytics';

/** spec.md §2: fixed trend figures next to each KPI. */
const TRENDS = { revenue: '+12.5%', orders: '+8.2%', average: '+3.1%', conversion: '+5.7%' };
const AVERAGE_PROCESSING_DAYS = 2.3;

export function OverviewPage() {
  const { range } = useAdminRange();
  const sync = useSyncStatus();
  const { analytics: a, loading, failed } = useAnalytics(range, sync.lastSyncAt);
  const orders = useCachedOrdersOrEmpty();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const breakdown = useMemo(() => {
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<(typeof ORDER_STATUSES)[number], number>;
    for (const order of orders) counts[order.status]++;
    return counts;
  }, [orders]);
  const kpis = [
    { label: 'Total revenue', value: formatDollars(a.totalRevenue), trend: TRENDS.revenue },
    { label: 'Total orders', value: a.totalOrders.toLocaleString('en-US'), trend: TRENDS.orders },
    { label: 'Average order value', value: formatDollars(a.averageOrderValue), trend: TRENDS.average },
    { label: 'Conversion rate', value: `${(a.conversionRate * 100).toFixed(1)}%`, trend: TRENDS.conversion },
  ];

  return (
    <section className="admin-page overview-page" aria-labelledby="overview-title" aria-busy={loading}>
      <div className="admin-page__head">
        <h1 id="overview-title">Overview</h1>
        {failed && <span className="admin-muted">Analytics are unavailable right now; showing empty figures.</span>}
      </div>
      <div className="kpi-grid">
        {kpis.map((kpi) => (
          <div key={kpi.label} className="admin-card kpi">
            <div className="kpi__label">{kpi.label}</div>
            <div className="kpi__value">{kpi.value}</div>
            <div className="kpi__trend">{kpi.trend}</div>
          </div>
        ))}
      </div>

      <div className="overview-grid">
        <div className="admin-card overview-grid__wide">
          <h2>Revenue and orders</h2>
          <RevenueChart data={a.chartData} />
        </div>
        <div className="admin-card">
          <h2>Order status breakdown</h2>
          <ul className="breakdown">
            {ORDER_STATUSES.map((status) => (
              <li key={status} className={`breakdown__row breakdown__row--${status}`}>
                <span>{ORDER_STATUS_LABELS[status]}</span>
                <strong data-status-count={status}>{breakdown[status]}</strong>
              </li>
            ))}
          </ul>
        </div>
        <div className="admin-card">
          <h2>Quick actions</h2>
          <div className="quick-actions">
            <button type="button" className="admin-button" disabled={!orders.length} onClick={() => notify(`Exported ${orders.length} orders to ${downloadOrdersCsv(orders)}`)}>
              Export order data
            </button>
            <button type="button" className="admin-button" onClick={() => navigate('/admin/fulfillment/report')}>Generate fulfillment report</button>
            <Link className="admin-button" to="/admin/analytics">View analytics details</Link>
          </div>
          <div className="processing-time">
            <span>Average processing time</span>
            <strong>{AVERAGE_PROCESSING_DAYS} days</strong>
          </div>
        </div>
        <div className="admin-card">
          <h2>Real-time</h2>
          <dl className="realtime">
            <div><dt>Today</dt><dd>{a.realtime.today.orders} orders · {formatDollars(a.realtime.today.revenue)}</dd></div>
            <div><dt>Last 7 days</dt><dd>{a.realtime.last7Days.orders} orders · {formatDollars(a.realtime.last7Days.revenue)}</dd></div>
            <div><dt>This month</dt><dd>{a.realtime.month.orders} orders · {formatDollars(a.realtime.month.revenue)}</dd></div>
          </dl>
        </div>
        <div className="admin-card">
          <h2>Top products</h2>
          <TopProducts products={a.topProducts} />
        </div>
        <div className="admin-card">
          <h2>Recent activity</h2>
          <RecentActivity activity={a.recentActivity} />
        </div>
      </div>
    </section>
  );
}
