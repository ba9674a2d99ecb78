import type { Analytics } from '../../../../shared/api/types';
import { formatDateTime } from '../shared/format';
import { formatTrend } from './overview-model';
import type { AnalyticsSource } from '../../../api/analytics';

/** A KPI's change against the period before; nothing at all when there is no earlier period to compare with. */
export function KpiTrend({ percent, period }: { percent: number | null | undefined; period: string }) {
  const trend = formatTrend(percent);
  if (!trend) return null;
  const arrow = trend.direction === 'up' ? '▲' : trend.direction === 'down' ? '▼' : '■';
  return (
    <div className={`kpi__trend kpi__trend--${trend.direction}`}>
      <span aria-hidden="true">{arrow} </span>
      {trend.text} <span className="kpi__trend-period">vs the previous {period}</span>
    </div>
  );
}

/** Says where the figures come from: the server now, the last stored answer (with its time), or nothing yet. */
export function AnalyticsFreshness({ analytics, source, loading, online }: { analytics: Analytics; source: AnalyticsSource; loading: boolean; online: boolean }) {
  if (source === 'cached') {
    return (
      <span className="analytics-freshness analytics-freshness--cached" role="status">
        {online && loading ? 'Updating… ' : online ? 'Server unavailable: ' : 'Offline: '}
        last known figures as of {formatDateTime(analytics.generatedAt)}
      </span>
    );
  }
  if (source === 'empty' && !loading) {
    return (
      <span className="analytics-freshness" role="status">
        {online ? 'Analytics are unavailable right now' : 'Offline, and no figures were loaded on this tablet yet'}; showing empty figures.
      </span>
    );
  }
  return null;
}

/** Average placed-to-shipped time from the status history, or why there is none. */
export function ProcessingTime({ processing }: { processing: Analytics['processingTime'] }) {
  let value: string;
  let note: string;
  if (!processing) {
    value = '—';
    note = 'Loads with the analytics.';
  } else if (processing.averageDays === null) {
    value = '—';
    const n = processing.shippedOrders;
    note = `Not enough status history yet: ${n} order${n === 1 ? '' : 's'} placed in this period ${n === 1 ? 'has' : 'have'} shipped; ${processing.minimumOrders} are needed.`;
  } else {
    value = `${processing.averageDays.toFixed(1)} days`;
    note = `Placed to shipped, over the ${processing.shippedOrders} orders placed in this period that have shipped.`;
  }
  return (
    <div className="processing-time">
      <div className="processing-time__line">
        <span>Average processing time</span>
        <strong data-testid="processing-time">{value}</strong>
      </div>
      <p className="admin-muted processing-time__note">{note}</p>
    </div>
  );
}
