import type { Analytics } from '../../../../shared/api/types';
import { formatDollars } from '../shared/format';

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 48, bottom: 32, left: 56 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / power) * power;
}

/** Revenue (bars) and orders (line) per day over the range, drawn as plain SVG. */
export function RevenueChart({ data, large = false }: { data: Analytics['chartData']; large?: boolean }) {
  if (!data.length) return <p className="admin-muted chart-empty">No sales in this period.</p>;
  const w = WIDTH - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const maxRevenue = niceMax(Math.max(...data.map((d) => d.revenue)));
  const maxOrders = niceMax(Math.max(...data.map((d) => d.orders)));
  const step = w / data.length;
  const barWidth = Math.max(1, step * 0.7);
  const x = (i: number) => PAD.left + i * step + step / 2;
  const yRevenue = (v: number) => PAD.top + h - (v / maxRevenue) * h;
  const yOrders = (v: number) => PAD.top + h - (v / maxOrders) * h;
  const line = data.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yOrders(d.orders).toFixed(1)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(data.length / 8));
  const ticks = [0, 0.25, 0.5, 0.75, 1];

  return (
    <figure className={`chart${large ? ' chart--large' : ''}`}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Revenue and orders per day, ${data.length} days`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + h - t * h} y2={PAD.top + h - t * h} className="chart__grid" />
            <text x={PAD.left - 6} y={PAD.top + h - t * h + 4} textAnchor="end" className="chart__axis">${Math.round(maxRevenue * t)}</text>
            <text x={WIDTH - PAD.right + 6} y={PAD.top + h - t * h + 4} className="chart__axis">{Math.round(maxOrders * t)}</text>
          </g>
        ))}
        {data.map((d, i) => (
          <rect key={d.date} x={x(i) - barWidth / 2} y={yRevenue(d.revenue)} width={barWidth} height={PAD.top + h - yRevenue(d.revenue)} className="chart__bar">
            <title>{`${d.date}: ${formatDollars(d.revenue)}, ${d.orders} orders`}</title>
          </rect>
        ))}
        <path d={line} className="chart__line" fill="none" />
        {data.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.date} x={x(i)} y={HEIGHT - 10} textAnchor="middle" className="chart__axis">{d.date.slice(5)}</text>
          ) : null,
        )}
      </svg>
      <figcaption className="chart__legend">
        <span className="legend legend--bar">Revenue</span> <span className="legend legend--line">Orders</span>
      </figcaption>
    </figure>
  );
}
