import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type AnalyticsRange } from '../../../../shared/order-status';
import { useNotify } from '../../../components/notifications';
import { useAdminRange } from '../admin-range';
import { downloadOrdersCsv } from '../orders/csv-export';
import { formatDollars } from '../shared/format';
import { useCachedOrdersOrEmpty } from '../../../sync/use-cached-orders';
import { useSyncStatus } from '../../../sync/use-sync-status';
import { RecentActivity, TopProducts } from './AnalyticsTables';
import { AnalyticsFreshness, KpiTrend, ProcessingTime } from './KpiParts';
import { statusBreakdown } from './overview-model';
import { RevenueChart } from './RevenueChart';
import { useAnalytics } from '../../../api/analytics';
import { BackupStatus } from './BackupStatus';
import { useBackupHealth } from '../../../api/backup-health';

const ordersText = (n: number) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;
const RANGE_WORDS: Record<AnalyticsRange, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '1y': 'year' };

export function OverviewPage() {
  const { range } = useAdminRange();
  const sync = useSyncStatus();
  const { analytics: a, loading, source } = useAnalytics(range, sync.lastSyncAt);
  const backup = useBackupHealth(sync.lastSyncAt);
  const orders = useCachedOrdersOrEmpty();
  const { notify } = useNotify();
  const navigate = useNavigate();
  const breakdown = useMemo(() => statusBreakdown(orders, range, Date.now()), [orders, range]);
  const trends = source === 'empty' ? undefined : a.trends;
  const kpis = [
    { label: 'Total revenue', value: formatDollars(a.totalRevenue), trend: trends?.totalRevenue },
    { label: 'Total orders', value: a.totalOrders.toLocaleString('en-US'), trend: trends?.totalOrders },
    { label: 'Average order value', value: formatDollars(a.averageOrderValue), trend: trends?.averageOrderValue },
    { label: 'Conversion rate', value: `${(a.conversionRate * 100).toFixed(1)}%`, trend: trends?.conversionRate },
  ];

  return (
    <section className="admin-page overview-page" aria-labelledby="overview-title" aria-busy={loading}>
      <div className="admin-page__head">
        <h1 id="overview-title">Overview</h1>
        <AnalyticsFreshness analytics={a} source={source} loading={loading} online={sync.online} />
      </div>
      <BackupStatus state={backup} />
      <div className="kpi-grid">
        {kpis.map((kpi) => (
          <div key={kpi.label} className="admin-card kpi">
            <div className="kpi__label">{kpi.label}</div>
            <div className="kpi__value" data-kpi={kpi.label}>{kpi.value}</div>
            <KpiTrend percent={kpi.trend} period={RANGE_WORDS[range]} />
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
          <p className="admin-muted breakdown__scope">Orders placed in the last {RANGE_WORDS[range]}, your waiting changes included</p>
          <ul className="breakdown" aria-label={`Orders by status, last ${RANGE_WORDS[range]}`}>
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
          <ProcessingTime processing={source === 'empty' ? undefined : a.processingTime} />
        </div>
        <div className="admin-card">
          <h2>Real-time</h2>
          <dl className="realtime">
            <div><dt>Today</dt><dd>{ordersText(a.realtime.today.orders)} · {formatDollars(a.realtime.today.revenue)}</dd></div>
            <div><dt>Last 7 days</dt><dd>{ordersText(a.realtime.last7Days.orders)} · {formatDollars(a.realtime.last7Days.revenue)}</dd></div>
            <div><dt>This month</dt><dd>{ordersText(a.realtime.month.orders)} · {formatDollars(a.realtime.month.revenue)}</dd></div>
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
