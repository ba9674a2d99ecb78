import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { startServerProcess } from '../server/test/server-process';
import { checkoutRequest } from './support/load';
import { threadCpuMs } from './support/process-cpu';

/**
 * Issue 18's SQLite budget, with each thread's share: POST /api/checkout (test gateway, writer
 * thread, SQLite with synchronous=FULL) on the code before the issue (a worktree of 67ccdfa at
 * BENCH_BASE_DIR) and on this code, each its own server process, in interleaved rounds (the order
 * alternates, so neither always runs first on a machine whose load drifts). Per round: orders/s,
 * p99, and server CPU per order split by thread from /proc (main thread, the busiest other thread,
 * which is the checkout writer, and the rest: V8's and libuv's helpers). CPU per order moves far
 * less than orders/s when other work shares the cores.
 * The base's label is its commit: BENCH_BASE_DIR=/work/wt/i18-premerge compares with main just before
 * the issue's merge (395dd5c), the other reading of "the code before this issue" (docs/decisions/scale.md).
 * Options: BENCH_SECONDS (8), BENCH_CONNECTIONS (32), BENCH_ROUNDS (3), BENCH_BASE_DIR, BENCH_NODE_ARGS,
 * BENCH_WARMUP_SECONDS (2: load before the measured window, while V8 still compiles the hot code).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const baseRoot = process.env.BENCH_BASE_DIR ?? '/work/wt/i18-base';
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

const request = checkoutRequest();

interface Round {
  ordersPerSecond: number;
  p99: number;
  errors: number;
  /** µs of CPU per order: all threads, the main thread, the writer (busiest other), the rest. */
  cpu: { all: number; main: number; writer: number; rest: number };
  /** Of that, µs in the kernel (system time): the writer's WAL writes and fsyncs, the main thread's sockets. */
  system: { main: number; writer: number };
}

/** System (kernel) CPU milliseconds of each thread of a process (Linux /proc). */
function threadSystemMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      threads.set(Number(tid), (Number(fields[12]) * 1000) / 100);
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

async function measure(dir: string, codeRoot: string | undefined): Promise<Round> {
  const dbPath = path.join(dir, `${randomUUID()}.db`);
  const server = await startServerProcess({ DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(dir, 'dist'), LOG_LEVEL: 'warn' }, { codeRoot, nodeArgs });
  const sqlite = new SQLite(dbPath, { readonly: true });
  try {
    const load = (duration: number) => autocannon({ url: server.url, connections, duration, requests: [request] });
    await load(warmUpSeconds);
    const orders = () => (sqlite.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
    const pid = server.child.pid!;
    const before = { orders: orders(), cpu: threadCpuMs(pid), system: threadSystemMs(pid), at: Date.now() };
    const result = await load(seconds);
    const placed = orders() - before.orders;
    const system = threadSystemMs(pid);
    const spent = [...threadCpuMs(pid)].map(([tid, ms]) => ({ tid, ms: ms - (before.cpu.get(tid) ?? 0), system: (system.get(tid) ?? 0) - (before.system.get(tid) ?? 0) }));
    const perOrder = (ms: number) => (ms / placed) * 1000;
    const main = spent.find((thread) => thread.tid === pid)?.ms ?? 0;
    const others = spent.filter((thread) => thread.tid !== pid).sort((a, b) => b.ms - a.ms);
    const all = spent.reduce((sum, thread) => sum + thread.ms, 0);
    const writer = others[0]?.ms ?? 0;
    const systemOf = (tid: number | undefined) => spent.find((thread) => thread.tid === tid)?.system ?? 0;
    return {
      ordersPerSecond: placed / ((Date.now() - before.at) / 1000),
      p99: result.latency.p99,
      errors: result.non2xx + result.errors + result.timeouts,
      cpu: { all: perOrder(all), main: perOrder(main), writer: perOrder(writer), rest: perOrder(all - main - writer) },
      system: { main: perOrder(systemOf(pid)), writer: perOrder(systemOf(others[0]?.tid)) },
    };
  } finally {
    sqlite.close();
    await server.stop();
  }
}

if (!fs.existsSync(path.join(baseRoot, 'server/payments/test-server-entry.ts'))) {
  console.error(`No code before issue 18 at ${baseRoot}: git worktree add --detach ${baseRoot} 67ccdfa (node_modules linked in).`);
  process.exit(1);
}
/** The base's short commit id, for its label. */
function baseCommit(): string {
  try {
    return execFileSync('git', ['-C', baseRoot, 'rev-parse', '--short=7', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return path.basename(baseRoot);
  }
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-sqlite-'));
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const cases = [
  { name: `before (${baseCommit()})`, root: baseRoot as string | undefined },
  { name: 'this code', root: undefined },
];
const results = new Map<string, Round[]>(cases.map((c) => [c.name, []]));
try {
  console.log(`cores: ${os.cpus().length}, connections: ${connections}, ${seconds} s per case after ${warmUpSeconds} s of warm-up, ${rounds} rounds, load average at start: ${loadAverage()}`);
  console.log('round case               orders/s  p99 ms errors | CPU us per order: all   main writer  rest | system: main writer | load');
  for (let round = 0; round < rounds; round++) {
    for (const c of round % 2 ? [...cases].reverse() : cases) {
      const r = await measure(dir, c.root);
      results.get(c.name)!.push(r);
      const { all, main, writer, rest } = r.cpu;
      const kernel = [r.system.main, r.system.writer].map((v) => v.toFixed(0).padStart(6)).join(' ');
      console.log(
        `${String(round + 1).padEnd(5)} ${c.name.padEnd(18)} ${r.ordersPerSecond.toFixed(0).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(6)} | ${[all, main, writer, rest].map((v) => v.toFixed(0).padStart(6)).join(' ')}       | ${kernel}         | ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  }
  const [before, after] = cases.map((c) => results.get(c.name)!);
  const ratios = after!.map((r, index) => (r.ordersPerSecond / before![index]!.ordersPerSecond) * 100);
  const sum = (list: Round[], pick: (r: Round) => number) => list.reduce((total, r) => total + pick(r), 0);
  console.log(`\nthis code vs before, per round: ${ratios.map((r) => `${r.toFixed(1)} %`).join(', ')} (budget >= 95 %)`);
  console.log(`all rounds together: ${((sum(after!, (r) => r.ordersPerSecond) / sum(before!, (r) => r.ordersPerSecond)) * 100).toFixed(1)} %`);
  for (const part of ['all', 'main', 'writer', 'rest'] as const) {
    const mean = (list: Round[]) => sum(list, (r) => r.cpu[part]) / list.length;
    console.log(`CPU us per order, ${part.padEnd(6)}: before ${mean(before!).toFixed(0)}, this code ${mean(after!).toFixed(0)} (${(mean(after!) - mean(before!)).toFixed(0)})`);
  }
  for (const part of ['main', 'writer'] as const) {
    const mean = (list: Round[]) => sum(list, (r) => r.system[part]) / list.length;
    console.log(`of which system, ${part.padEnd(6)}: before ${mean(before!).toFixed(0)}, this code ${mean(after!).toFixed(0)} (${(mean(after!) - mean(before!)).toFixed(0)})`);
  }
  console.log(`load average at end: ${loadAverage()}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
