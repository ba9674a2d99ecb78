import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { figuresOf, loadWindow, startSqliteSide } from './support/checkout-load';
import { machineLine, median } from './support/stats';

/**
 * The SQLite checkout (test gateway, 32 connections) as its file grows: one shop under load for
 * BENCH_WINDOWS windows of BENCH_SECONDS, each printed with the orders written so far and the file's
 * size. The baseline is the same shop's own early windows (2-4: after warm-up, on a small file), so
 * the last windows' share of them says what a large file costs.
 *
 * Why it exists: with SQLite's page cache at 32 MiB, the checkout lost half its orders/s and its p99
 * went from 20 to 200 ms once the file held about 180,000 orders (600 MB): the unique indexes on
 * random keys (idempotency keys, order numbers) outgrew the cache, and every batch re-read their
 * pages. The same on the code before issue 18 (395dd5c). db/sqlite-connection.ts says what it is now.
 * Options: BENCH_WINDOWS (16), BENCH_SECONDS (5), BENCH_CONNECTIONS (32).
 */
const windows = Number(process.env.BENCH_WINDOWS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sqlite-growth-'));
// Mail is queued but not sent, as in the scale benches: the sender would compete for the cores.
const side = await startSqliteSide('growth', { dir, nodeArgs: [], codeRoot: root, extraEnv: { SHOP_TEST_FAULT: 'hold-mail' } });
// startSqliteSide's file, `<dir>/<name>.db`.
const file = path.join(dir, 'growth.db');
const megabytes = () => (fs.statSync(file).size / 1e6).toFixed(0);
try {
  console.log(`${machineLine()}; ${connections} connections, ${windows} windows of ${seconds} s`);
  const rates: number[] = [];
  let written = 0;
  for (let index = 0; index < windows; index++) {
    const window = await loadWindow(side, connections, seconds);
    written += window.orders;
    const figures = figuresOf(side, window);
    rates.push(figures.ordersPerSecond);
    console.log(
      `window ${String(index + 1).padStart(2)}: ${String(written).padStart(7)} orders in the file (${megabytes()} MB)  ` +
        `${figures.ordersPerSecond.toFixed(0).padStart(5)} orders/s  p99 ${String(figures.p99).padStart(3)} ms  server CPU ${figures.serverCpuPerOrder.toFixed(0)} µs/order  idle ${figures.idlePercent.toFixed(0)} %`,
    );
  }
  // Windows 2-4 and the last 4 do not overlap from 8 windows on.
  if (rates.length < 8) {
    console.log(`too few windows (${rates.length}) to set the last 4 against windows 2-4: BENCH_WINDOWS=8 or more`);
  } else {
    const early = median(rates.slice(1, 4));
    const late = median(rates.slice(-4));
    console.log(`last 4 windows: ${late.toFixed(0)} orders/s = ${((late / early) * 100).toFixed(1)} % of windows 2-4 (${early.toFixed(0)} orders/s, the baseline)`);
  }
} finally {
  await side.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
