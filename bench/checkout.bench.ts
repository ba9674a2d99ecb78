import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Koa from 'koa';
import SQLite from 'better-sqlite3';
import { checkoutRequest } from './support/checkout-load';
import { processCpuMs } from './support/process-cpu';

/**
 * POST /api/checkout with the built-in test gateway and SQLite synchronous=FULL, against a bare
 * Koa JSON handler measured in the same run (budget: >= 1,000 orders/s, p99 <= 50 ms, >= 15 % of
 * the bare handler's requests/s). Each server runs as its own process, as in production.
 * Options: BENCH_SECONDS (10), BENCH_CONNECTIONS (32).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

if (process.argv[2] === '--bare-koa') {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { status: 'ok', time: Date.now() };
  });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
  });
} else {
  await main();
}

function startProcess(args: string[], env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function load(url: string, options: Partial<autocannon.Options>) {
  return autocannon({ url, connections, duration: seconds, ...options });
}

async function benchShop(dir: string, name: string, nodeArgs: string[]) {
  const dbPath = path.join(dir, `${name}.db`);
  const shop = await startProcess([...nodeArgs, path.resolve('server/payments/test-server-entry.ts')], {
    DATABASE_URL: `sqlite:${dbPath}`,
    WEB_DIST_DIR: path.join(dir, 'dist'),
    LOG_LEVEL: 'warn',
  });
  await load(shop.url, { duration: 2, requests: [checkoutRequest] });
  const sqlite = new SQLite(dbPath, { readonly: true });
  const count = () => (sqlite.prepare('SELECT count(*) AS n FROM orders').get() as { n: number }).n;
  const before = count();
  const cpuBefore = processCpuMs(shop.child.pid!);
  const started = Date.now();
  const result = await load(shop.url, { requests: [checkoutRequest] });
  const orders = count() - before;
  const ordersPerSecond = orders / ((Date.now() - started) / 1000);
  // CPU time of the server process (all its threads) per order: steadier than req/s when other work shares the cores.
  const cpuMicrosPerOrder = ((processCpuMs(shop.child.pid!) - cpuBefore) / orders) * 1000;
  sqlite.close();
  shop.child.kill();
  return { result, ordersPerSecond, cpuMicrosPerOrder };
}


/** Jiffies of all CPUs from /proc/stat: total, and stolen by the host (a VM's neighbours); null elsewhere. */
function machineTicks(): { total: number; steal: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** Share of CPU time the host took while `work` ran: a run with much of it says little about the code. */
async function withStealShare<T>(work: () => Promise<T>): Promise<{ value: T; steal: string }> {
  const before = machineTicks();
  const value = await work();
  const after = machineTicks();
  const steal = before && after && after.total > before.total ? `${(((after.steal - before.steal) / (after.total - before.total)) * 100).toFixed(1)} %` : 'n/a';
  return { value, steal };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  try {
    const bare = await startProcess([new URL(import.meta.url).pathname, '--bare-koa'], {});
    await load(bare.url, { duration: 2 });
    const { value: bareResult, steal: bareSteal } = await withStealShare(() => load(bare.url, {}));
    bare.child.kill();

    const { value: shop, steal: shopSteal } = await withStealShare(() => benchShop(dir, 'shop', []));

    console.log(`cores: ${os.cpus().length}, connections: ${connections}, ${seconds} s each, load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('case                                              req/s  p99 ms  errors  orders/s  vs bare');
    const line = (name: string, rps: number, p99: number, errors: number, orders: string) =>
      console.log(`${name.padEnd(48)} ${rps.toFixed(0).padStart(7)} ${String(p99).padStart(7)} ${String(errors).padStart(7)} ${orders.padStart(9)} ${((rps / bareResult.requests.average) * 100).toFixed(1).padStart(7)} %`);
    line('bare Koa JSON handler', bareResult.requests.average, bareResult.latency.p99, bareResult.non2xx + bareResult.errors, '-');
    line('POST /api/checkout (test gateway)', shop.result.requests.average, shop.result.latency.p99, shop.result.non2xx + shop.result.errors, shop.ordersPerSecond.toFixed(0));
    console.log(`server CPU per order: ${shop.cpuMicrosPerOrder.toFixed(0)} us, all threads (main thread + checkout writer thread)`);
    console.log(`CPU time taken by the host (steal): ${bareSteal} during bare Koa, ${shopSteal} during checkout`);
    console.log('SQLite WAL with synchronous=FULL (server/db/database.ts); budget: >= 1000 orders/s, p99 <= 50 ms, >= 15 % of bare Koa');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
