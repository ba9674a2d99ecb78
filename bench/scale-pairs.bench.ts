import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTemporaryPostgres, type TemporaryPostgres } from '../server/test/postgres';
import { figuresOf, load, loadWindow, startPostgresSide, startSqliteSide, stripeEnv, sumOfWindows, withStandIn, type Side, type Window } from './support/checkout-load';
import type { ChildServer } from './support/child-server';
import { median, medianInterval, verdictOf } from './support/stats';

/**
 * Issue 18's ratio budgets (the Stripe path against the test gateway on each database, two
 * processes against one, SQLite against the code before the issue in its two readings), measured
 * so that the host's own swings cannot tilt them. On this shared
 * machine every process's CPU per order rises and falls together by a fifth within a minute (the
 * stand-in, doing the same work for every charge, took 39-57 µs per charge in one run), and
 * `scale` runs the two sides of a ratio 15-60 s apart, so a swing during one side moved its ratio by
 * up to ten points. Here both sides run at once, the idle one waiting, and the load alternates
 * between them in short slices in A B B A order; each side's figures add up its slices, and each
 * pair of neighbouring slices gives a ratio, whose median is printed beside the ratio of the sums,
 * with a distribution-free interval of that median and the verdict it gives (stats.ts, medianInterval):
 * met when the whole interval is at or above the budget, missed when it is below, else on the line.
 * 8 slices give the interval min-max (99 %); BENCH_SLICES=24 a narrower one (98 %).
 * PostgreSQL is durable as in `scale`, with room for a whole pair's WAL (about 1.2 GB) between
 * checkpoints, so that no checkpoint falls on one side's slices only.
 *
 * The SQLite pairs run the code before from worktrees, as `scale` does (BENCH_BASE_DIR, BENCH_PREMERGE_DIR).
 *
 * Options: BENCH_PAIRS (comma-separated: pg-stripe, pg-two, sqlite-stripe, sqlite-base,
 * sqlite-premerge; all by default),
 * BENCH_SLICES (slices per side, 8), BENCH_SLICE_SECONDS (2), BENCH_WARMUP_SECONDS (2, per side),
 * BENCH_CONNECTIONS (32), BENCH_NODE_ARGS (extra node flags for the servers).
 */
const slices = Number(process.env.BENCH_SLICES ?? 8);
const sliceSeconds = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const wanted = process.env.BENCH_PAIRS?.split(',').map((name) => name.trim()) ?? ['pg-stripe', 'pg-two', 'sqlite-stripe', 'sqlite-base', 'sqlite-premerge'];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The code before issue 18 and main just before its merge, as in scale (BENCH_BASE_DIR, BENCH_PREMERGE_DIR). */
const baseRoot = process.env.BENCH_BASE_DIR ?? '/work/wt/i18-base';
const premergeRoot = process.env.BENCH_PREMERGE_DIR ?? '/work/wt/i18-premerge';

interface Pair {
  name: string;
  /** The budget's floor for B/A, in per cent. */
  floor: number;
  baseline: { label: string; start(): Promise<Side> };
  candidate: { label: string; start(): Promise<Side> };
}

function sideLine(label: string, side: Side, window: Window): string {
  const figures = figuresOf(side, window);
  const postgres = figures.postgresCpuPerOrder === null ? '' : `, PostgreSQL ${figures.postgresCpuPerOrder.toFixed(0)}`;
  const standIn = figures.standInCpuPerOrder ? `, stand-in ${figures.standInCpuPerOrder.toFixed(0)}` : '';
  const wal = figures.wal ? `, ${figures.wal.commitsPerOrder.toFixed(2)} commits/order, ${figures.wal.checkpoints} checkpoint(s)` : '';
  return (
    `${label.padEnd(34)} ${figures.ordersPerSecond.toFixed(0).padStart(6)} orders/s  p99 ${String(figures.p99).padStart(3)} ms  errors ${figures.errors}  ` +
    `CPU per order (µs): server ${figures.serverCpuPerOrder.toFixed(0)}${postgres}${standIn}, load ${figures.loadCpuPerOrder.toFixed(0)}; idle ${figures.idlePercent.toFixed(0)} %${wal}`
  );
}

async function runPair(pair: Pair): Promise<void> {
  console.log(`\n${pair.name}: ${slices} slices of ${sliceSeconds} s per side, alternating A B B A, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const baseline = await pair.baseline.start();
  try {
    const candidate = await pair.candidate.start();
    try {
      await load(baseline, connections, warmUpSeconds);
      await load(candidate, connections, warmUpSeconds);
      const baselineWindows: Window[] = [];
      const candidateWindows: Window[] = [];
      for (let slice = 0; slice < slices; slice++) {
        const order = slice % 2 === 0 ? ([baseline, candidate] as const) : ([candidate, baseline] as const);
        for (const side of order) {
          const window = await loadWindow(side, connections, sliceSeconds);
          (side === baseline ? baselineWindows : candidateWindows).push(window);
        }
      }
      const perSlice = candidateWindows.map(
        (window, index) => (window.orders / window.elapsedSeconds / (baselineWindows[index]!.orders / baselineWindows[index]!.elapsedSeconds)) * 100,
      );
      const baselineSum = sumOfWindows(baselineWindows);
      const candidateSum = sumOfWindows(candidateWindows);
      console.log(sideLine(`A: ${pair.baseline.label}`, baseline, baselineSum));
      console.log(sideLine(`B: ${pair.candidate.label}`, candidate, candidateSum));
      const ofSums = (figuresOf(candidate, candidateSum).ordersPerSecond / figuresOf(baseline, baselineSum).ordersPerSecond) * 100;
      console.log(`slice pairs B/A (%): ${perSlice.map((ratio) => ratio.toFixed(1)).join(', ')}`);
      console.log(
        `${`${pair.name}: B/A`.padEnd(34)} ${ofSums.toFixed(1)} % of the sums, median of slice pairs ${median(perSlice).toFixed(1)} % ` +
          `(${Math.min(...perSlice).toFixed(1)}-${Math.max(...perSlice).toFixed(1)})   (budget >= ${pair.floor} %)`,
      );
      // The verdict from the slice pairs' spread, not from one figure: a ratio whose interval holds
      // the floor is on the line, however the sums fell this time.
      const interval = medianInterval(perSlice);
      const range = interval ? `${interval.low.toFixed(1)}-${interval.high.toFixed(1)} % (${(interval.coverage * 100).toFixed(0)} % interval of the median)` : 'too few slices for an interval';
      console.log(`${`${pair.name}: verdict`.padEnd(34)} ${verdictOf(interval, pair.floor)}: ${range}`);
    } finally {
      await candidate.stop();
    }
  } finally {
    await baseline.stop();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-pairs-'));
  let cluster: TemporaryPostgres | undefined;
  const postgres = async () => (cluster ??= await startTemporaryPostgres({ durable: true, settings: { max_connections: '300', max_wal_size: '4GB' } }));
  // Each checkout still queues its confirmation mail, but no side sends: a side whose load stopped
  // would otherwise render its queued mails while the other side is measured (the sender waits
  // only while its own shop is busy), which took a third of that side's throughput in a first run.
  const holdMail = { SHOP_TEST_FAULT: 'hold-mail' };
  const shop = { dir, nodeArgs, codeRoot: root, extraEnv: holdMail };
  const stripe = (standIn: ChildServer) => ({ ...shop, extraEnv: { ...holdMail, ...stripeEnv(standIn.url) }, standInPid: standIn.pid });
  try {
    console.log(`cores: ${os.cpus().length}, connections: ${connections}; PostgreSQL durable (fsync, synchronous_commit on) as in scale, max_wal_size 4 GB`);
    for (const name of wanted) {
      if (name === 'pg-stripe') {
        await withStandIn(async (standIn) =>
          runPair({
            name,
            floor: 60,
            baseline: { label: 'PostgreSQL, test gateway', start: async () => startPostgresSide(await postgres(), shop) },
            candidate: { label: 'PostgreSQL, Stripe path', start: async () => startPostgresSide(await postgres(), stripe(standIn)) },
          }),
        );
      } else if (name === 'pg-two') {
        await runPair({
          name,
          floor: 100,
          baseline: { label: 'PostgreSQL, one process', start: async () => startPostgresSide(await postgres(), shop) },
          candidate: { label: 'PostgreSQL, two processes', start: async () => startPostgresSide(await postgres(), { ...shop, processes: 2 }) },
        });
      } else if (name === 'sqlite-stripe') {
        await withStandIn((standIn) =>
          runPair({
            name,
            floor: 60,
            baseline: { label: 'SQLite, test gateway', start: () => startSqliteSide('test', shop) },
            candidate: { label: 'SQLite, Stripe path', start: () => startSqliteSide('stripe', stripe(standIn)) },
          }),
        );
      } else if (name === 'sqlite-base' || name === 'sqlite-premerge') {
        const codeRoot = name === 'sqlite-base' ? baseRoot : premergeRoot;
        if (!fs.existsSync(path.join(codeRoot, 'server/payments/test-server-entry.ts'))) {
          console.log(`\n${name}: no code at ${codeRoot} (git worktree add --detach ${codeRoot} ${name === 'sqlite-base' ? '67ccdfa' : '395dd5c'})`);
          continue;
        }
        await runPair({
          name,
          floor: 95,
          baseline: { label: `SQLite, test gateway, ${name === 'sqlite-base' ? '67ccdfa' : '395dd5c'}`, start: () => startSqliteSide('before', { ...shop, codeRoot }) },
          candidate: { label: 'SQLite, test gateway, this code', start: () => startSqliteSide('test', shop) },
        });
      } else {
        throw new Error(`unknown pair ${name} (pg-stripe, pg-two, sqlite-stripe, sqlite-base, sqlite-premerge)`);
      }
    }
    console.log(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
