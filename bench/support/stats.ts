/** Small statistics and printing helpers shared by the benchmarks. */
import os from 'node:os';

export interface Summary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of already measured samples (milliseconds or any unit). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function summarise(samples: readonly number[]): Summary {
  return {
    count: samples.length,
    min: Math.min(...samples),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
    mean: samples.reduce((sum, x) => sum + x, 0) / samples.length,
  };
}

/** Times `fn` `runs` times after `warmup` unmeasured runs; milliseconds per run. */
export async function timeRuns(runs: number, fn: () => unknown | Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One aligned line per row; the first row is the header. */
export function printTable(rows: readonly (readonly (string | number)[])[]): void {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  for (const row of rows) console.log(row.map((cell, col) => String(cell).padEnd(widths[col]!)).join('  '));
}

/** The machine's state, printed with every result: figures from a busy machine are not comparable. */
export function machineLine(): string {
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  return `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${load}`;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A distribution-free interval for the median of `values` with at least `confidence` coverage: the
 * k-th smallest and k-th largest value, k from the binomial distribution of how many values fall
 * below the true median. It assumes only independent samples, not a normal shape, which suits the
 * slice ratios of a noisy host. Null when there are too few values for that coverage (fewer than 6 at 95 %).
 */
export function medianInterval(values: readonly number[], confidence = 0.95): { low: number; high: number; coverage: number } | null {
  const n = values.length;
  const sorted = [...values].sort((a, b) => a - b);
  // P(X <= j) for X ~ Binomial(n, 1/2), accumulated from the exact terms.
  const below: number[] = [];
  let term = 0.5 ** n;
  let sum = 0;
  for (let j = 0; j <= n; j++) {
    sum += term;
    below.push(sum);
    term = (term * (n - j)) / (j + 1);
  }
  let best: { low: number; high: number; coverage: number } | null = null;
  for (let k = 1; k <= Math.floor(n / 2); k++) {
    const coverage = 1 - 2 * below[k - 1]!;
    if (coverage < confidence) break;
    best = { low: sorted[k - 1]!, high: sorted[n - k]!, coverage };
  }
  return best;
}

/** Met, missed, or on the line: whether a budget's floor lies below, above or inside the interval. */
export function verdictOf(interval: { low: number; high: number } | null, floor: number): 'met' | 'missed' | 'on the line' {
  if (!interval) return 'on the line';
  if (interval.low >= floor) return 'met';
  if (interval.high < floor) return 'missed';
  return 'on the line';
}
