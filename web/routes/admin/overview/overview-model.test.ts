import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chartBuckets, formatDollarTick, formatTrend, niceTicks, rangeStartMs, statusBreakdown } from './overview-model';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-15T12:00:00Z');

function days(count: number, endDate = '2026-06-15') {
  const end = Date.parse(`${endDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(end - (count - 1 - i) * DAY).toISOString().slice(0, 10),
    revenue: 5.95 * (i % 3),
    orders: i % 3,
  }));
}

describe('niceTicks', () => {
  it('gives round steps of 1, 2 or 5 times a power of ten from zero past the maximum', () => {
    expect(niceTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(13)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.9)).toEqual([0, 0.5, 1]);
  });

  it('never repeats a value on an integer axis (orders) and has at least two ticks', () => {
    expect(niceTicks(2, 4, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, 4, true)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 0.5, 1]);
  });

  it('holds for any maximum: strictly rising, covers it, round steps, few ticks', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e7, noNaN: true }), fc.boolean(), (max, integer) => {
        const ticks = niceTicks(max, 4, integer);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max - 1e-9);
        expect(ticks.length).toBeLessThanOrEqual(integer && max < 4 ? 5 : 11);
        const step = ticks[1]!;
        const mantissa = step / 10 ** Math.floor(Math.log10(step));
        expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
        if (integer) expect(Number.isInteger(step)).toBe(true);
        ticks.slice(1).forEach((t, i) => expect(t).toBeGreaterThan(ticks[i]!));
      }),
    );
  });
});

describe('chartBuckets', () => {
  it('keeps one bar a day up to 90 days', () => {
    const { unit, buckets } = chartBuckets(days(90));
    expect(unit).toBe('day');
    expect(buckets).toHaveLength(90);
    expect(buckets[0]).toMatchObject({ start: buckets[0]!.end });
  });

  it('groups a year into Monday weeks without losing an order or a cent', () => {
    const data = days(365);
    const { unit, buckets } = chartBuckets(data);
    expect(unit).toBe('week');
    expect(buckets.length).toBeGreaterThanOrEqual(53);
    expect(buckets.length).toBeLessThanOrEqual(54);
    for (const bucket of buckets.slice(1)) expect(new Date(`${bucket.start}T00:00:00Z`).getUTCDay()).toBe(1);
    for (const bucket of buckets.slice(0, -1)) expect(new Date(`${bucket.end}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(buckets.reduce((s, b) => s + b.orders, 0)).toBe(data.reduce((s, d) => s + d.orders, 0));
    const cents = (n: number) => Math.round(n * 100);
    expect(buckets.reduce((s, b) => s + cents(b.revenue), 0)).toBe(data.reduce((s, d) => s + cents(d.revenue), 0));
    expect(buckets[0]!.start).toBe(data[0]!.date);
    expect(buckets.at(-1)!.end).toBe('2026-06-15');
  });
});

describe('the status breakdown of a range', () => {
  it('counts only orders placed from the first UTC day of the range on', () => {
    const start = rangeStartMs('7d', NOW);
    expect(new Date(start).toISOString()).toBe('2026-06-09T00:00:00.000Z');
    const orders = [
      { status: 'processing' as const, createdAtMs: start },
      { status: 'processing' as const, createdAtMs: start - 1 },
      { status: 'cancelled' as const, createdAtMs: NOW },
      { status: 'shipped' as const, createdAtMs: NOW - 20 * DAY },
    ];
    expect(statusBreakdown(orders, '7d', NOW)).toEqual({ pending: 0, processing: 1, printed: 0, shipped: 0, delivered: 0, cancelled: 1 });
    expect(statusBreakdown(orders, '30d', NOW)).toEqual({ pending: 0, processing: 2, printed: 0, shipped: 1, delivered: 0, cancelled: 1 });
  });
});

describe('trend and tick labels', () => {
  it('signs a trend and shows none without one', () => {
    expect(formatTrend(12.5)).toEqual({ text: '+12.5%', direction: 'up' });
    expect(formatTrend(-3)).toEqual({ text: '−3.0%', direction: 'down' });
    expect(formatTrend(0)).toEqual({ text: '0.0%', direction: 'flat' });
    expect(formatTrend(null)).toBeNull();
    expect(formatTrend(undefined)).toBeNull();
  });

  it('writes dollar ticks short', () => {
    expect([0, 2.5, 250, 1500, 12000].map(formatDollarTick)).toEqual(['$0', '$2.5', '$250', '$1.5k', '$12k']);
  });
});
