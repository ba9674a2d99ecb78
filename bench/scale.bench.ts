import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTemporaryPostgres, type TemporaryPostgres } from '../server/test/postgres';
import { figuresOf, load, loadWindow, startPostgresSide, startSqliteSide, stripeEnv, withStandIn, type Figures, type Side } from './support/checkout-load';
import { runPgbench } from './support/postgres-diagnostics';
import { median } from './support/stats';

/**
 * Issue 18's budget table, every figure beside its baseline from the same run:
 * - pgbench (TPC-B-like, same client count) on the same PostgreSQL cluster: the database's own pace;
 * - POST /api/checkout on PostgreSQL with the test gateway, and with Stripe (the `stripe` package
 *   against the local stand-in, in its own process);
 * - two server processes on one PostgreSQL, the load split between their ports (and, for the shape,
 *   behind Debian's nginx);
 * - SQLite with the test gateway, against the code before this issue in its two readings, each in the
 *   same run: the issue's branch point (a worktree of 67ccdfa at BENCH_BASE_DIR, default
 *   /work/wt/i18-base), and main just before the issue's merge (395dd5c at BENCH_PREMERGE_DIR, default
 *   /work/wt/i18-premerge), which has the features of issues 13-17 that were merged beside it
 *   (docs/decisions/scale.md); and SQLite with Stripe;
 * - server CPU per order (all threads of all server processes) and PostgreSQL's CPU per order.
 *
 * The PostgreSQL cluster is a throwaway one (server/test/postgres.ts) but durable: fsync on and the
 * default synchronous_commit, so each commit waits for its WAL flush as it would in production.
 * Options: BENCH_SECONDS (10), BENCH_ROUNDS (1), BENCH_WARMUP_SECONDS (2: load before the measured window, while V8
 * still compiles the hot code; scale-sqlite has the same option), BENCH_CONNECTIONS (32), BENCH_PGBENCH_SCALE (= connections, so
 * pgbench's clients do not queue on a few branch rows), BENCH_CASES (comma-separated names),
 * BENCH_NODE_ARGS (extra node flags for the servers, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof),
 * BENCH_STRIPE_BASE_DIR (the code before the Stripe path's changes, for pg-stripe-before and sqlite-stripe-before).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** The whole case list run this many times, each ratio printed per round and as a median (runs here differ by ±7 %). */
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const pgbenchScale = Number(process.env.BENCH_PGBENCH_SCALE ?? connections);
const baseRoot = process.env.BENCH_BASE_DIR ?? '/work/wt/i18-base';
/** Main just before issue 18's merge (f0a1038's first parent): the same features, without this issue's changes. */
const premergeRoot = process.env.BENCH_PREMERGE_DIR ?? '/work/wt/i18-premerge';
/** The code before session 7's Stripe-path changes, for the `*-stripe-before` cases (issue 18). */
const stripeBaseRoot = process.env.BENCH_STRIPE_BASE_DIR ?? path.join(os.tmpdir(), 'i18-stripe-before');
const wanted = process.env.BENCH_CASES?.split(',').map((name) => name.trim());
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Warm-up, then one measured window of load on a side, which is stopped afterwards. */
async function measure(side: Side): Promise<Figures> {
  try {
    await load(side, connections, warmUpSeconds);
    return figuresOf(side, await loadWindow(side, connections, seconds));
  } finally {
    await side.stop();
  }
}

function sqliteCase(dir: string, name: string, codeRoot: string, extraEnv: Record<string, string> = {}, standInPid: number | null = null): Promise<Figures> {
  return startSqliteSide(name, { dir, codeRoot, nodeArgs, extraEnv, standInPid }).then(measure);
}

function postgresCase(
  dir: string,
  cluster: TemporaryPostgres,
  options: { processes?: number; extraEnv?: Record<string, string>; viaNginx?: boolean; standInPid?: number; codeRoot?: string } = {},
): Promise<Figures> {
  return startPostgresSide(cluster, { dir, nodeArgs, ...options, codeRoot: options.codeRoot ?? root }).then(measure);
}

const selected = (name: string) => !wanted || wanted.includes(name);
let rows: [string, Figures][] = [];
const ratios = new Map<string, number[]>();
function report(name: string, figures: Figures) {
  rows.push([name, figures]);
  const pgCpu = figures.postgresCpuPerOrder === null ? '-' : figures.postgresCpuPerOrder.toFixed(0);
  const standInCpu = figures.standInCpuPerOrder ? figures.standInCpuPerOrder.toFixed(0) : '-';
  console.log(
    `${name.padEnd(44)} ${figures.ordersPerSecond.toFixed(0).padStart(8)} ${String(figures.p99).padStart(7)} ${String(figures.errors).padStart(6)} ${figures.serverCpuPerOrder.toFixed(0).padStart(10)} ${pgCpu.padStart(10)} ${standInCpu.padStart(10)}  load ${figures.loadCpuPerOrder.toFixed(0)} us, idle ${figures.idlePercent.toFixed(0)} %${figures.wal ? `  WAL ${(figures.wal.bytesPerOrder / 1024).toFixed(1)} KB/order, ${figures.wal.commitsPerOrder.toFixed(2)} commits/order, ${figures.wal.checkpoints} checkpoint(s)` : ''}`,
  );
}
const figure = (name: string) => rows.find(([row]) => row === name)?.[1];
function ratio(label: string, numerator: number | undefined, denominator: number | undefined, budget: string) {
  if (numerator === undefined || denominator === undefined) return;
  const percent = (numerator / denominator) * 100;
  ratios.set(`${label} (budget ${budget})`, [...(ratios.get(`${label} (budget ${budget})`) ?? []), percent]);
  console.log(`${label.padEnd(64)} ${percent.toFixed(1).padStart(6)} %   (budget ${budget})`);
}

function printMedians() {
  console.log(`\nover ${rounds} rounds (each round's figure, then the median)`);
  for (const [label, values] of ratios) {
    console.log(`${label}: ${values.map((value) => value.toFixed(1)).join(', ')} % -> median ${median(values).toFixed(1)} %`);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const cluster = await startTemporaryPostgres({ durable: true, settings: { max_connections: '300' } });
  try {
    console.log(`cores: ${os.cpus().length}, connections: ${connections}, ${seconds} s per case after ${warmUpSeconds} s of warm-up, load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('PostgreSQL: throwaway cluster, fsync on, synchronous_commit on (defaults), max_connections 300; the server pool holds 10 connections');
    for (let round = 1; round <= rounds; round++) {
      if (rounds > 1) console.log(`\nround ${round} of ${rounds}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
      rows = [];
      let pgbench: { tps: number; postgresCpuPerTransaction: number } | undefined;
      if (selected('pgbench')) {
        pgbench = await runPgbench(cluster, { scale: pgbenchScale, clients: connections, seconds });
        console.log(`pgbench TPC-B-like, scale ${pgbenchScale}, ${connections} clients, 2 threads: ${pgbench.tps.toFixed(0)} tps, PostgreSQL CPU ${pgbench.postgresCpuPerTransaction.toFixed(0)} us per transaction`);
      }
      console.log('case                                         orders/s  p99 ms errors  server us postgres us stand-in us (CPU per order)');
      if (selected('pg-test')) report('PostgreSQL, test gateway', await postgresCase(dir, cluster));
      const hasStripeBase = fs.existsSync(path.join(stripeBaseRoot, 'server/payments/test-server-entry.ts'));
      if (selected('pg-stripe-before') && hasStripeBase) {
        report('PostgreSQL, Stripe path, before', await withStandIn((standIn) => postgresCase(dir, cluster, { extraEnv: stripeEnv(standIn.url), standInPid: standIn.pid, codeRoot: stripeBaseRoot })));
      }
      if (selected('pg-stripe')) report('PostgreSQL, Stripe path (stand-in)', await withStandIn((standIn) => postgresCase(dir, cluster, { extraEnv: stripeEnv(standIn.url), standInPid: standIn.pid })));
      if (selected('pg-two')) report('PostgreSQL, two processes (load split)', await postgresCase(dir, cluster, { processes: 2 }));
      if (selected('pg-two-nginx')) report('PostgreSQL, two processes behind nginx', await postgresCase(dir, cluster, { processes: 2, viaNginx: true }));
      const hasBase = fs.existsSync(path.join(baseRoot, 'server/payments/test-server-entry.ts'));
      if (selected('sqlite-base') && hasBase) report('SQLite, test gateway, before (67ccdfa)', await sqliteCase(dir, 'base', baseRoot));
      const hasPremerge = fs.existsSync(path.join(premergeRoot, 'server/payments/test-server-entry.ts'));
      if (selected('sqlite-premerge') && hasPremerge) report('SQLite, test gateway, main before the merge', await sqliteCase(dir, 'premerge', premergeRoot));
      if (selected('sqlite-test')) report('SQLite, test gateway', await sqliteCase(dir, 'test', root));
      if (selected('sqlite-stripe-before') && hasStripeBase) {
        report('SQLite, Stripe path, before', await withStandIn((standIn) => sqliteCase(dir, 'stripe-before', stripeBaseRoot, stripeEnv(standIn.url), standIn.pid)));
      }
      if (selected('sqlite-stripe')) report('SQLite, Stripe path (stand-in)', await withStandIn((standIn) => sqliteCase(dir, 'stripe', root, stripeEnv(standIn.url), standIn.pid)));
      if (!hasStripeBase && (selected('pg-stripe-before') || selected('sqlite-stripe-before'))) {
        console.log(`(no Stripe-path code before at ${stripeBaseRoot}: git archive <commit> | tar -x -C ${stripeBaseRoot}, node_modules linked)`);
      }
      if (!hasBase) console.log(`(no code before this issue at ${baseRoot}: git worktree add ${baseRoot} 67ccdfa)`);
      if (!hasPremerge) console.log(`(no main before the merge at ${premergeRoot}: git worktree add --detach ${premergeRoot} 395dd5c)`);

      console.log('\nbudgets');
      ratio('PostgreSQL checkout vs pgbench tps', figure('PostgreSQL, test gateway')?.ordersPerSecond, pgbench?.tps, '>= 50 %');
      const pgCpu = figure('PostgreSQL, test gateway')?.serverCpuPerOrder;
      if (pgCpu !== undefined) console.log(`${'server CPU per order on PostgreSQL'.padEnd(64)} ${pgCpu.toFixed(0).padStart(6)} us  (budget <= 500 us)`);
      ratio('Stripe path vs test gateway, PostgreSQL', figure('PostgreSQL, Stripe path (stand-in)')?.ordersPerSecond, figure('PostgreSQL, test gateway')?.ordersPerSecond, '>= 60 %');
      ratio('Stripe path before vs test gateway, PostgreSQL', figure('PostgreSQL, Stripe path, before')?.ordersPerSecond, figure('PostgreSQL, test gateway')?.ordersPerSecond, '>= 60 %');
      ratio('Stripe path before vs test gateway, SQLite', figure('SQLite, Stripe path, before')?.ordersPerSecond, figure('SQLite, test gateway')?.ordersPerSecond, '>= 60 %');
      ratio('Stripe path vs test gateway, SQLite', figure('SQLite, Stripe path (stand-in)')?.ordersPerSecond, figure('SQLite, test gateway')?.ordersPerSecond, '>= 60 %');
      ratio('two processes vs one, PostgreSQL (load split)', figure('PostgreSQL, two processes (load split)')?.ordersPerSecond, figure('PostgreSQL, test gateway')?.ordersPerSecond, '>= 100 %');
      ratio('two processes behind nginx vs one, PostgreSQL', figure('PostgreSQL, two processes behind nginx')?.ordersPerSecond, figure('PostgreSQL, test gateway')?.ordersPerSecond, 'for the shape');
      ratio('SQLite test gateway vs the code before this issue', figure('SQLite, test gateway')?.ordersPerSecond, figure('SQLite, test gateway, before (67ccdfa)')?.ordersPerSecond, '>= 95 %');
      ratio('SQLite test gateway vs main before the merge (395dd5c)', figure('SQLite, test gateway')?.ordersPerSecond, figure('SQLite, test gateway, main before the merge')?.ordersPerSecond, '>= 95 %');
    }
    if (rounds > 1) printMedians();
    console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
