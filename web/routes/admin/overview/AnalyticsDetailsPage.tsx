import { useAdminRange } from '../admin-range';
import { formatDollars } from '../shared/format';
import { useSyncStatus } from '../../../sync/use-sync-status';
import { DailyTable, TopProducts } from './AnalyticsTables';
import { AnalyticsFreshness } from './KpiParts';
import { DAILY_CHART_MAX_DAYS } from './overview-model';
import { RevenueChart } from './RevenueChart';
import { useAnalytics } from '../../../api/analytics';

/** The "view analytics details" quick action: the chart large, with its figures as tables. */
export default function AnalyticsDetailsPage() {
  const { range } = useAdminRange();
  const { lastSyncAt, online } = useSyncStatus();
  const { analytics: a, source, loading } = useAnalytics(range, lastSyncAt);
  return (
    <section className="admin-page" aria-labelledby="analytics-title">
      <div className="admin-page__head">
        <h1 id="analytics-title">Analytics details ({range})</h1>
        <AnalyticsFreshness analytics={a} source={source} loading={loading} online={online} />
      </div>
      <div className="admin-card">
        <RevenueChart data={a.chartData} large />
        <p>
          {a.totalOrders} orders · {formatDollars(a.totalRevenue)} revenue · {formatDollars(a.averageOrderValue)} average ·{' '}
          {(a.conversionRate * 100).toFixed(1)}% conversion
        </p>
      </div>
      <div className="overview-grid">
        <div className="admin-card"><h2>Top products</h2><TopProducts products={a.topProducts} /></div>
        <div className="admin-card"><h2>{a.chartData.length > DAILY_CHART_MAX_DAYS ? 'Per week' : 'Per day'}</h2><DailyTable data={a.chartData} /></div>
      </div>
    </section>
  );
}
