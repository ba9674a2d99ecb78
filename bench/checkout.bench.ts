import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { StandInLatency } from '../server/test/stripe-stand-in';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { startTemporaryPostgres, type TemporaryPostgres } from '../server/test/postgres';
import { startChildServer } from './support/child-server';
import { waitForMail } from './support/checkout-mail';
import { drive } from './support/closed-loop';
import { processesRequested, runProcessesCheckoutBench } from './support/nginx-checkout';
import { openLoopRequested, runOpenLoopCheckoutBench } from './support/open-loop-checkout';
import { processCpuMs, threadCpuMs } from './support/process-cpu';
import { percentile } from './support/stats';

/**
 * The production checkout (docs/benchmarks.md): POST /api/checkout through the `stripe`
 * package against the local stand-in answering after Stripe-like latency (250 ± 100 ms, known per
 * charge from its key), at 64 and 256 concurrent shoppers, on SQLite and PostgreSQL, with mail on
 * (a real SMTP server). Prints the shop's added latency over the gateway's own (p50 ≤ 20 ms, p99 ≤
 * 60 ms), orders/s against 90 % of concurrency ÷ (mean gateway latency + 20 ms), server CPU per
 * order (≤ 1 ms), confirmation mail handed to SMTP after the commit (p99 ≤ 5 s), and PostgreSQL
 * checkout with TEST_GATEWAY_LATENCY_MS=0 against pgbench's TPC-B-like tps with the same clients
 * (≥ 50 %). Options: BENCH_SECONDS (10), BENCH_SHOPPERS ("64,256"), BENCH_DATABASES ("sqlite,postgres"),
 * BENCH_MAIL=0 (mail off), BENCH_CPU_PROF=DIR (each shop process writes a V8 CPU profile there),
 * BENCH_CODE_ROOT=DIR (the shop runs from another checkout, e.g. `git worktree add` of a baseline commit),
 * BENCH_PG_STATEMENTS=1 (PostgreSQL's statements per order in the 0 ms case, from pg_stat_statements).
 * BENCH_RATE=N or BENCH_FLASH=1 run the open-loop modes instead (bench/support/open-loop-checkout.ts),
 * BENCH_PROCESSES=1,2 orders/s with that many processes behind nginx (bench/support/nginx-checkout.ts).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const shopperCounts = (process.env.BENCH_SHOPPERS ?? '64,256').split(',').map(Number);
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const LATENCY: StandInLatency = { baseMs: 250, jitterMs: 100 };
const WARM_UP_SECONDS = 2;
const profileStatements = process.env.BENCH_PG_STATEMENTS === '1';

const ms = (value: number) => value.toFixed(1).padStart(7);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

async function runCase(database: string, shoppers: number, env: Record<string, string>, dbUrl: string, latency: StandInLatency | null) {
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir), '--cpu-prof-name', `${database}-${shoppers}-${Date.now()}.cpuprofile`] : [];
  const shop: ServerProcess = await startServerProcess({ ...env, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' }, { nodeArgs, codeRoot: process.env.BENCH_CODE_ROOT });
  try {
    const warmUp = await drive(shop.url, Math.min(shoppers, 32), WARM_UP_SECONDS, latency, `${database}-${shoppers}-warm`);
    const since = Date.now();
    const pid = shop.child.pid!;
    const cpuBefore = processCpuMs(pid);
    const mainBefore = threadCpuMs(pid).get(pid)!;
    const load = await drive(shop.url, shoppers, seconds, latency, `${database}-${shoppers}`);
    // With mail on, until the run's confirmations are all handed over: each order's mail is part of its cost.
    const mail = env.SMTP_URL ? await waitForMail(database, dbUrl, since, 30) : null;
    const cpuPerOrder = (processCpuMs(pid) - cpuBefore) / Math.max(1, load.orders);
    // The event loop's own share: the rest is libuv's pool (image rasterising, compression), GC and JIT threads.
    const mainCpuPerOrder = (threadCpuMs(pid).get(pid)! - mainBefore) / Math.max(1, load.orders);
    return { load, cpuPerOrder, mainCpuPerOrder, mail, warmUpOrders: warmUp.orders };
  } finally {
    await shop.stop();
  }
}

function report(label: string, shoppers: number, outcome: Awaited<ReturnType<typeof runCase>>) {
  const { load, cpuPerOrder, mainCpuPerOrder, mail } = outcome;
  const added = load.observed.map((value, index) => value - load.gateway[index]!);
  const meanGateway = load.gateway.reduce((sum, value) => sum + value, 0) / Math.max(1, load.gateway.length);
  const perSecond = load.orders / load.seconds;
  const target = (0.9 * shoppers) / ((meanGateway + 20) / 1000);
  const p50 = percentile(added, 50);
  const p99 = percentile(added, 99);
  console.log(
    `${label.padEnd(22)} ${String(shoppers).padStart(4)} ${ms(p50)} ${ms(p99)} ${perSecond.toFixed(0).padStart(8)} ${target.toFixed(0).padStart(8)} ${(cpuPerOrder * 1000).toFixed(0).padStart(8)} ${String(load.failures).padStart(6)}` +
      (mail ? ` ${ms(percentile(mail.delays, 99) / 1000)} s (${mail.unsent} unsent)` : ''),
  );
  console.log(
    `${''.padEnd(27)} added p50 ${verdict(p50 <= 20)}, p99 ${verdict(p99 <= 60)}; orders/s ${verdict(perSecond >= target)}; CPU/order ${verdict(cpuPerOrder <= 1)} (main thread ${(mainCpuPerOrder * 1000).toFixed(0)} µs)` +
      (mail ? `; mail p99 ${verdict(mail.unsent === 0 && percentile(mail.delays, 99) <= 5000)}` : ''),
  );
}

/** pgbench's TPC-B-like database (scale 10) on the cluster, as a database name. */
async function pgbenchDatabase(cluster: TemporaryPostgres): Promise<string> {
  const name = new URL(await cluster.createDatabase()).pathname.slice(1);
  execFileSync(path.join(cluster.binDir, 'pgbench'), [...pgbenchArgs(cluster), '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
  return name;
}

const pgbenchArgs = (cluster: TemporaryPostgres) => ['-h', cluster.host, '-p', String(cluster.port), '-U', 'postgres'];

/** pgbench's TPC-B-like tps with `clients` for BENCH_SECONDS. */
function pgbenchTps(cluster: TemporaryPostgres, name: string, clients: number): number {
  const output = execFileSync(path.join(cluster.binDir, 'pgbench'), [...pgbenchArgs(cluster), '-c', String(clients), '-j', '2', '-T', String(seconds), name], { encoding: 'utf8' });
  const match = /tps = ([\d.]+)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

async function withAdmin<T>(cluster: TemporaryPostgres, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function resetStatements(cluster: TemporaryPostgres) {
  await withAdmin(cluster, async (client) => {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  });
}

/** The shop database's statements per order placed (warm-up included), most frequent first. */
async function printStatements(cluster: TemporaryPostgres, dbUrl: string, orders: number) {
  const name = new URL(dbUrl).pathname.slice(1);
  const { rows } = await withAdmin(cluster, (client) =>
    client.query<{ calls: string; ms: number; query: string }>(
      `select s.calls, s.total_exec_time as ms, s.query from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 order by s.calls desc limit 25`,
      [name],
    ),
  );
  const total = rows.reduce((sum, row) => sum + Number(row.calls), 0);
  console.log(`statements per order: ${(total / Math.max(1, orders)).toFixed(2)}`);
  for (const row of rows) console.log(`${(Number(row.calls) / Math.max(1, orders)).toFixed(2).padStart(7)}  ${(row.ms / Number(row.calls)).toFixed(3)} ms  ${row.query.replace(/\s+/g, ' ').slice(0, 110)}`);
}

if (openLoopRequested() || processesRequested()) {
  await (openLoopRequested() ? runOpenLoopCheckoutBench() : runProcessesCheckoutBench());
  process.exit(0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
const standIn = await startChildServer('bench/support/serve-stripe-stand-in.ts', { STANDIN_LATENCY_MS: String(LATENCY.baseMs), STANDIN_JITTER_MS: String(LATENCY.jitterMs) });
const smtp = await startChildServer('bench/support/serve-smtp.ts');
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_API_BASE: standIn.url };
const mailEnv: Record<string, string> = process.env.BENCH_MAIL === '0' ? { MAIL_ENABLED: '0' } : { SMTP_URL: smtp.url, MAIL_POLL_MS: '200' };
const base = { WEB_DIST_DIR: path.join(dir, 'dist'), ...mailEnv };
let cluster: TemporaryPostgres | null = null;
try {
  console.log(`cores: ${os.cpus().length}, ${seconds} s per case, load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('case                   shop  add p50 add p99  orders/s  target  µs CPU/order  fails  mail p99');
  for (const database of databases) {
    if (database === 'postgres') cluster = await startTemporaryPostgres({ durable: true, settings: { max_connections: '400', ...(profileStatements ? { shared_preload_libraries: 'pg_stat_statements' } : {}) } });
    for (const shoppers of shopperCounts) {
      const dbUrl = database === 'sqlite' ? `sqlite:${path.join(dir, `shop-${shoppers}.db`)}` : await cluster!.createDatabase();
      report(`${database} + Stripe`, shoppers, await runCase(database, shoppers, { ...base, ...stripeEnv }, dbUrl, LATENCY));
    }
  }
  if (cluster) {
    const clients = shopperCounts[0]!;
    const shopUrl = await cluster.createDatabase();
    // pgbench runs just before and just after the checkout, and the checkout is set against their
    // mean: the host's load drifts (other work on it), and a drift during the run shows as two
    // different pgbench figures instead of skewing the share unseen.
    const pgbench = await pgbenchDatabase(cluster);
    const tpsBefore = pgbenchTps(cluster, pgbench, clients);
    if (profileStatements) await resetStatements(cluster);
    const shop = await runCase('postgres', clients, { ...base, MAIL_ENABLED: '0', TEST_GATEWAY_LATENCY_MS: '0' }, shopUrl, null);
    if (profileStatements) await printStatements(cluster, shopUrl, shop.load.orders + shop.warmUpOrders);
    const tpsAfter = pgbenchTps(cluster, pgbench, clients);
    const checkoutRate = shop.load.orders / shop.load.seconds;
    const tps = (tpsBefore + tpsAfter) / 2;
    const share = (checkoutRate / tps) * 100;
    console.log(
      `PostgreSQL, test gateway at 0 ms, ${clients} clients: ${checkoutRate.toFixed(0)} orders/s (${(shop.cpuPerOrder * 1000).toFixed(0)} µs shop CPU/order) vs pgbench TPC-B-like ${tpsBefore.toFixed(0)} / ${tpsAfter.toFixed(0)} tps before / after = ${share.toFixed(1)} % (budget >= 50 %: ${verdict(share >= 50)})`,
    );
  }
} finally {
  await cluster?.stop();
  await standIn.stop();
  await smtp.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
