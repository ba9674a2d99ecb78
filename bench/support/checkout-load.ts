import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { checkoutBody } from '../../server/payments/payment.test-support';
import { startReverseProxy } from '../../server/test/nginx';
import type { TemporaryPostgres } from '../../server/test/postgres';
import { dropDatabase, sampleWaits, walPositionOf, type WalPosition } from './postgres-diagnostics';
import { cpuMsOfProcesses, cpuMsOfTree, machineTicks, processCpuMs } from './process-cpu';
import { startChildServer, type ChildServer } from './child-server';
import { startShop, type Shop } from './shop-process';

/**
 * For the scale benches (scale.bench.ts, scale-pairs.bench.ts): the shop as running processes under
 * checkout load, one "side" per configuration (PostgreSQL or SQLite, one process or several, test
 * gateway or Stripe), and the figures of a window of load: orders/s counted in the database, CPU per
 * order of the server processes (all threads), PostgreSQL (the postmaster with its children, ended
 * ones included), the Stripe stand-in and the load generator (autocannon, in this process).
 */
export interface Figures {
  ordersPerSecond: number;
  p99: number;
  errors: number;
  serverCpuPerOrder: number;
  postgresCpuPerOrder: number | null;
  /** The Stripe stand-in's CPU per order (it stands for Stripe's servers, which run elsewhere in production). */
  standInCpuPerOrder: number;
  /** PostgreSQL's WAL per order and the checkpoints that began in the measured window (null on SQLite). */
  wal: { bytesPerOrder: number; checkpoints: number; commitsPerOrder: number } | null;
  /** The load generator's CPU per order (autocannon runs in this process) and the machine's idle share. */
  loadCpuPerOrder: number;
  idlePercent: number;
}

export interface Side {
  urls: string[];
  countOrders(): Promise<number>;
  serverPids: number[];
  postgresPid: number | null;
  standInPid: number | null;
  walPosition: (() => Promise<WalPosition>) | null;
  stop(): Promise<void>;
}

const { paymentMethodId: _unused, ...cart } = checkoutBody('pm_card_visa', [1, 2]);
const body = JSON.stringify({ ...cart, paymentMethodId: 'pm_card_visa' });
/** One checkout of two items, each with a fresh Idempotency-Key, for autocannon. */
export const checkoutRequest = {
  method: 'POST' as const,
  path: '/api/checkout',
  // A fresh Idempotency-Key per request, as each shopper's checkout has its own.
  setupRequest: (req: autocannon.Request) => ({ ...req, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body }),
};

/** The Stripe path's settings: the `stripe` package against the stand-in at `url`. */
export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_stand_in',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench',
  STRIPE_API_BASE: url,
});

/** Checkouts from `connections` connections (split evenly between the side's addresses) for `seconds`. */
export function load(side: Side, connections: number, seconds: number) {
  const per = Math.max(1, Math.round(connections / side.urls.length));
  return Promise.all(side.urls.map((url) => autocannon({ url, connections: per, duration: seconds, requests: [checkoutRequest] })));
}

/** Counters read before and after a window of load; windows of one side add up (`sumOfWindows`). */
export interface Window {
  orders: number;
  elapsedSeconds: number;
  p99: number;
  errors: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  standInCpuMs: number;
  loadCpuMicros: number;
  idleTicks: number;
  totalTicks: number;
  wal: { bytes: number; checkpoints: number; commits: number } | null;
}

export async function loadWindow(side: Side, connections: number, seconds: number): Promise<Window> {
  const postgresCpuMs = () => (side.postgresPid ? cpuMsOfTree(side.postgresPid) : 0);
  const standInCpuMs = () => (side.standInPid ? processCpuMs(side.standInPid) : 0);
  const before = await side.countOrders();
  const serverCpu = cpuMsOfProcesses(side.serverPids);
  const postgresCpu = postgresCpuMs();
  const standInCpu = standInCpuMs();
  const walBefore = await side.walPosition?.();
  const loadCpu = process.cpuUsage();
  const ticks = machineTicks();
  const started = Date.now();
  const results = await load(side, connections, seconds);
  const elapsedSeconds = (Date.now() - started) / 1000;
  const loadCpuUsed = process.cpuUsage(loadCpu);
  const ticksAfter = machineTicks();
  const orders = (await side.countOrders()) - before;
  const walAfter = await side.walPosition?.();
  return {
    orders,
    elapsedSeconds,
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    serverCpuMs: cpuMsOfProcesses(side.serverPids) - serverCpu,
    postgresCpuMs: postgresCpuMs() - postgresCpu,
    standInCpuMs: standInCpuMs() - standInCpu,
    loadCpuMicros: loadCpuUsed.user + loadCpuUsed.system,
    idleTicks: ticksAfter.idle - ticks.idle,
    totalTicks: ticksAfter.total - ticks.total,
    wal:
      walBefore && walAfter
        ? { bytes: walAfter.bytes - walBefore.bytes, checkpoints: walAfter.checkpoints - walBefore.checkpoints, commits: walAfter.commits - walBefore.commits }
        : null,
  };
}

export function sumOfWindows(windows: readonly Window[]): Window {
  const sum = (pick: (window: Window) => number) => windows.reduce((total, window) => total + pick(window), 0);
  const wal = windows.every((window) => window.wal)
    ? { bytes: sum((w) => w.wal!.bytes), checkpoints: sum((w) => w.wal!.checkpoints), commits: sum((w) => w.wal!.commits) }
    : null;
  return {
    orders: sum((w) => w.orders),
    elapsedSeconds: sum((w) => w.elapsedSeconds),
    p99: Math.max(...windows.map((window) => window.p99)),
    errors: sum((w) => w.errors),
    serverCpuMs: sum((w) => w.serverCpuMs),
    postgresCpuMs: sum((w) => w.postgresCpuMs),
    standInCpuMs: sum((w) => w.standInCpuMs),
    loadCpuMicros: sum((w) => w.loadCpuMicros),
    idleTicks: sum((w) => w.idleTicks),
    totalTicks: sum((w) => w.totalTicks),
    wal,
  };
}

export function figuresOf(side: Side, window: Window): Figures {
  const { orders } = window;
  return {
    ordersPerSecond: orders / window.elapsedSeconds,
    p99: window.p99,
    errors: window.errors,
    serverCpuPerOrder: (window.serverCpuMs / orders) * 1000,
    postgresCpuPerOrder: side.postgresPid ? (window.postgresCpuMs / orders) * 1000 : null,
    standInCpuPerOrder: side.standInPid ? (window.standInCpuMs / orders) * 1000 : 0,
    loadCpuPerOrder: window.loadCpuMicros / orders,
    idlePercent: (window.idleTicks / window.totalTicks) * 100,
    wal: window.wal ? { bytesPerOrder: window.wal.bytes / orders, checkpoints: window.wal.checkpoints, commitsPerOrder: window.wal.commits / orders } : null,
  };
}

export interface ShopOptions {
  /** The checkout of the code to run (the current one, or a worktree of an older commit). */
  codeRoot: string;
  nodeArgs: string[];
  /** Where the shop's web files would be (none are served in the bench). */
  dir: string;
  extraEnv?: Record<string, string>;
  standInPid?: number | null;
}

/** The shop on a fresh database of `cluster`, in `processes` processes (behind nginx if asked); stopping drops the database. */
export async function startPostgresSide(cluster: TemporaryPostgres, options: ShopOptions & { processes?: number; viaNginx?: boolean }): Promise<Side> {
  const url = await cluster.createDatabase();
  const env = { DATABASE_URL: url, WEB_DIST_DIR: path.join(options.dir, 'dist'), TRUST_PROXY: '1', ...options.extraEnv };
  // Started one after the other: the first runs the migrations on an empty database.
  const shops: Shop[] = [];
  let proxy: Awaited<ReturnType<typeof startReverseProxy>> | null = null;
  const client = new pg.Client({ connectionString: url });
  try {
    shops.push(await startShop(options.codeRoot, env, options.nodeArgs));
    while (shops.length < (options.processes ?? 1)) shops.push(await startShop(options.codeRoot, env, options.nodeArgs));
    proxy = options.viaNginx ? await startReverseProxy(shops.map((shop) => shop.url)) : null;
    await client.connect();
    // Every side starts from a checkpoint: the sides share one cluster, and a checkpoint that the
    // previous ones' WAL brought due (and the full-page writes after it) would fall on whichever came next.
    await client.query('CHECKPOINT');
  } catch (error) {
    await client.end().catch(() => undefined);
    await proxy?.stop();
    await Promise.all(shops.map((shop) => shop.stop()));
    throw error;
  }
  const sampling = process.env.BENCH_PG_WAITS ? sampleWaits(url) : null;
  return {
    urls: proxy ? [proxy.url] : shops.map((shop) => shop.url),
    countOrders: async () => Number((await client.query('SELECT count(*)::int AS n FROM orders')).rows[0].n),
    serverPids: shops.map((shop) => shop.child.pid!),
    postgresPid: cluster.pid,
    standInPid: options.standInPid ?? null,
    walPosition: () => walPositionOf(client),
    async stop() {
      await sampling?.stop();
      await client.end();
      await proxy?.stop();
      await Promise.all(shops.map((shop) => shop.stop()));
      await dropDatabase(cluster, url);
    },
  };
}

/** The shop on a new SQLite file `<dir>/<name>.db`; stopping removes the file. */
export async function startSqliteSide(name: string, options: ShopOptions): Promise<Side> {
  const dbPath = path.join(options.dir, `${name}.db`);
  // Every side starts on a written-back disk and a new file: the cases before it left gigabytes of
  // dirty pages (their WAL, their checkpoints), whose writeback competed with this case's fsyncs, so
  // whichever SQLite case ran later lost 10-20 % (same code, same run).
  execFileSync('sync');
  const shop = await startShop(options.codeRoot, { DATABASE_URL: `sqlite:${dbPath}`, WEB_DIST_DIR: path.join(options.dir, 'dist'), ...options.extraEnv }, options.nodeArgs);
  const sqlite = new SQLite(dbPath, { readonly: true });
  return {
    urls: [shop.url],
    countOrders: async () => (sqlite.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n,
    serverPids: [shop.child.pid!],
    postgresPid: null,
    standInPid: options.standInPid ?? null,
    walPosition: null,
    async stop() {
      sqlite.close();
      await shop.stop();
      for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) fs.rmSync(file, { force: true });
    },
  };
}

/**
 * A fresh Stripe stand-in for each Stripe case: it keeps every intent and idempotency key in memory,
 * and one shared by all cases and rounds grew by some 80,000 intents a case, its CPU per charge and
 * its pauses with it (45, 54, 51 µs in rounds 1-3 of one run), so later cases met a slower "Stripe".
 */
export async function withStandIn<T>(run: (standIn: ChildServer) => Promise<T>): Promise<T> {
  const standIn = await startChildServer('bench/support/serve-stripe-stand-in.ts');
  try {
    return await run(standIn);
  } finally {
    await standIn.stop();
  }
}
