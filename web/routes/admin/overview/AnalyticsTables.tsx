import type { Analytics } from '../../../../shared/api/types';
import { formatDateTime, formatDollars } from '../shared/format';
import { StatusBadge } from '../shared/StatusBadge';
import { chartBuckets } from './overview-model';

export function TopProducts({ products }: { products: Analytics['topProducts'] }) {
  if (!products.length) return <p className="admin-muted">No products sold in this period.</p>;
  return (
    <table className="admin-table">
      <thead><tr><th>Product</th><th className="num">Sold</th><th className="num">Revenue</th></tr></thead>
      <tbody>
        {products.map((p) => (
          <tr key={`${p.productType}-${p.device}`}><td>{p.device}</td><td className="num">{p.quantity}</td><td className="num">{formatDollars(p.revenue)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

export function RecentActivity({ activity }: { activity: Analytics['recentActivity'] }) {
  if (!activity.length) return <p className="admin-muted">No recent activity.</p>;
  return (
    <ul className="activity-list">
      {activity.map((a, i) => (
        <li key={`${a.orderId}-${a.at}-${i}`}>
          <strong>{a.orderNumber}</strong> {a.customerName} <StatusBadge status={a.status} /> {formatDollars(a.total)}
          <div className="admin-muted">{formatDateTime(a.at)}</div>
        </li>
      ))}
    </ul>
  );
}

/** The chart's figures as a table: per day up to 90 days, per week for a year (as the chart groups them). */
export function DailyTable({ data }: { data: Analytics['chartData'] }) {
  const { unit, buckets } = chartBuckets(data);
  return (
    <table className="admin-table">
      <thead><tr><th>{unit === 'day' ? 'Day' : 'Week'}</th><th className="num">Orders</th><th className="num">Revenue</th></tr></thead>
      <tbody>
        {[...buckets].reverse().map((b) => (
          <tr key={b.start}><td>{b.start === b.end ? b.start : `${b.start} – ${b.end}`}</td><td className="num">{b.orders}</td><td className="num">{formatDollars(b.revenue)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
