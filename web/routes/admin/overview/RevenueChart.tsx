import type { Analytics } from '../../../../shared/api/types';
import { formatDollars } from '../shared/format';
import { chartBuckets, formatDollarTick, niceTicks, type ChartBucket } from './overview-model';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 48, bottom: 32, left: 60 };
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const dayLabel = (date: string) => SHORT_DAY.format(new Date(`${date}T00:00:00Z`));
const bucketLabel = (b: ChartBucket) => (b.start === b.end ? dayLabel(b.start) : `${dayLabel(b.start)} – ${dayLabel(b.end)}`);

/**
 * Revenue (bars) and orders (line) over the range, plain SVG: one bar a day up to 90 days, one a
 * week for a year; both axes have round ticks from zero (overview-model.ts niceTicks).
 */
export function RevenueChart({ data, large = false }: { data: Analytics['chartData']; large?: boolean }) {
  if (!data.length) return <p className="admin-muted chart-empty">No figures for this period yet.</p>;
  const { unit, buckets } = chartBuckets(data);
  const w = WIDTH - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const revenueTicks = niceTicks(Math.max(...buckets.map((b) => b.revenue)));
  const orderTicks = niceTicks(Math.max(...buckets.map((b) => b.orders)), 4, true);
  const maxRevenue = revenueTicks.at(-1)!;
  const maxOrders = orderTicks.at(-1)!;
  const step = w / buckets.length;
  const barWidth = Math.max(1, step * 0.7);
  const x = (i: number) => PAD.left + i * step + step / 2;
  const yRevenue = (v: number) => PAD.top + h - (v / maxRevenue) * h;
  const yOrders = (v: number) => PAD.top + h - (v / maxOrders) * h;
  const line = buckets.map((b, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yOrders(b.orders).toFixed(1)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 7));
  const per = unit === 'day' ? 'day' : 'week';

  return (
    // Focusable: on a phone the chart scrolls sideways, and a keyboard must be able to scroll it.
    <figure className={`chart${large ? ' chart--large' : ''}`} data-chart-unit={unit} data-chart-bars={buckets.length} tabIndex={0}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Revenue and orders per ${per}, ${buckets.length} ${per}s`}>
        {revenueTicks.map((t) => (
          <g key={`r${t}`}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yRevenue(t)} y2={yRevenue(t)} className="chart__grid" />
            <text x={PAD.left - 6} y={yRevenue(t) + 4} textAnchor="end" className="chart__axis" data-axis="revenue">{formatDollarTick(t)}</text>
          </g>
        ))}
        {orderTicks.map((t) => (
          <text key={`o${t}`} x={WIDTH - PAD.right + 6} y={yOrders(t) + 4} className="chart__axis" data-axis="orders">{t}</text>
        ))}
        {buckets.map((b, i) => (
          <rect key={b.start} x={x(i) - barWidth / 2} y={yRevenue(b.revenue)} width={barWidth} height={PAD.top + h - yRevenue(b.revenue)} className="chart__bar">
            <title>{`${bucketLabel(b)}: ${formatDollars(b.revenue)}, ${b.orders} orders`}</title>
          </rect>
        ))}
        <path d={line} className="chart__line" fill="none" />
        {buckets.map((b, i) =>
          i % labelEvery === 0 ? (
            <text key={b.start} x={x(i)} y={HEIGHT - 10} textAnchor="middle" className="chart__axis">{dayLabel(b.start)}</text>
          ) : null,
        )}
      </svg>
      <figcaption className="chart__legend">
        <span className="legend legend--bar">Revenue per {per}</span> <span className="legend legend--line">Orders per {per}</span>
      </figcaption>
    </figure>
  );
}
