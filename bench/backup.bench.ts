/**
 * Backups of a 100,000-order SQLite shop, through the code the running shop uses (takeBackup: page
 * copy on a thread, integrity_check of the copy, fsync, rename, rotation), each figure next to a
 * baseline of the same run. Budgets: a backup <= 10 s; GET /api/health p99 while it runs <= the
 * idle p99 + 50 ms. BENCH_ORDERS changes the order count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { takeBackup } from '../server/backups/backup.service';
import { startOrdersFixture } from './support/orders-fixture';
import { ms, percentile, printTable, summarise } from './support/stats';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = 3;

const fixture = await startOrdersFixture(ORDER_COUNT);
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-bench-'));
const { context } = fixture.app;
const app = { ...context, config: { ...context.config, backup: { ...context.config.backup, dir: backupDir, keepHourly: 1, keepDaily: 0 } } };
const sizeMb = fs.statSync(fixture.dbPath).size / 1024 / 1024;
console.log(`seeded ${ORDER_COUNT.toLocaleString()} orders (${sizeMb.toFixed(0)} MB) in ${(fixture.seedMs / 1000).toFixed(1)} s`);
console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);

const health = async () => {
  const started = performance.now();
  const response = await fetch(`${fixture.url}/api/health`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  return performance.now() - started;
};

// Baseline: the same bytes copied by the kernel, without consistency or a check.
const copies: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  fs.copyFileSync(fixture.dbPath, path.join(backupDir, 'plain-copy.db'));
  copies.push(performance.now() - started);
}
fs.rmSync(path.join(backupDir, 'plain-copy.db'));

const idle: number[] = [];
for (let i = 0; i < 300; i++) idle.push(await health());

const backups: number[] = [];
const during: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let done = false;
  const started = performance.now();
  const backup = takeBackup(app, 'command').then((taken) => {
    backups.push(performance.now() - started);
    done = true;
    return taken;
  });
  while (!done) during.push(await health());
  const taken = await backup;
  if (taken.orders !== ORDER_COUNT) throw new Error(`the backup holds ${taken.orders} orders, not ${ORDER_COUNT}`);
}

const idleP99 = percentile(idle, 99);
const duringP99 = percentile(during, 99);
printTable([
  ['measurement', 'runs', 'p50', 'max', 'budget'],
  ['baseline: plain copy of the file (cp)', RUNS, ms(summarise(copies).p50), ms(Math.max(...copies)), ''],
  [`backup of ${ORDER_COUNT.toLocaleString()} orders, verified`, RUNS, ms(summarise(backups).p50), ms(Math.max(...backups)), `<= 10 s: ${Math.max(...backups) <= 10_000 ? 'met' : 'missed'}`],
]);
printTable([
  ['measurement', 'requests', 'p50', 'p99', 'budget'],
  ['baseline: GET /api/health, idle', idle.length, ms(percentile(idle, 50)), ms(idleP99), ''],
  ['GET /api/health during the backups', during.length, ms(percentile(during, 50)), ms(duringP99), `<= idle p99 + 50 ms (+${ms(duringP99 - idleP99)}): ${duringP99 - idleP99 <= 50 ? 'met' : 'missed'}`],
]);

await fixture.close();
fs.rmSync(backupDir, { recursive: true, force: true });
