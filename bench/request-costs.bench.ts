import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa, { type Context, type Middleware } from 'koa';
import { checkoutBody } from '../server/payments/payment.test-support';

/**
 * The checkout's main-thread costs per request, old code against this code in one process, in
 * alternating batches, as CPU time per call: the request fingerprint (hashRequest), the security headers (the middleware
 * on a real ServerResponse), and the checkout body's validation (checkoutSchema.safeParse, a
 * two-line cart); and the checkout writer's work per order (bench/support/writer-cost.ts: batches
 * of 16 one-transaction checkouts on a fresh SQLite file, in this thread). "Old" is the code of BENCH_OLD_REF (default: the commit before issue 18's
 * main-thread tuning), unpacked from git beside this code. Prints the median µs of CPU per call over
 * the batches, and the minimum. Options: BENCH_OLD_REF, BENCH_BATCHES (15), BENCH_CALLS (2000), BENCH_WRITER_ROUNDS (6).
 */
const oldRef = process.env.BENCH_OLD_REF ?? '5ce0d83';
const batches = Number(process.env.BENCH_BATCHES ?? 15);
const calls = Number(process.env.BENCH_CALLS ?? 2000);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The old code's shared/ and server/ in a temporary folder that resolves packages from this one's node_modules. */
function unpackOldCode(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-costs-'));
  execSync(`git archive ${oldRef} shared server bench/support | tar -x -C ${dir}`, { cwd: root });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  fs.writeFileSync(path.join(dir, 'package.json'), fs.readFileSync(path.join(root, 'package.json')));
  return dir;
}

interface Side {
  measureWriterCost: (mail: boolean, orders: number) => Promise<{ cpuMicros: number }>;
  hashRequest: (request: unknown) => string;
  securityHeaders: (options: { stripe: boolean }) => Middleware;
  checkoutSchema: { safeParse: (input: unknown) => { success: boolean } };
}

async function load(codeRoot: string): Promise<Side> {
  const idempotency = await import(path.join(codeRoot, 'server/idempotency/idempotency.ts'));
  const headers = await import(path.join(codeRoot, 'server/http/security-headers.ts'));
  const order = await import(path.join(codeRoot, 'shared/schemas/order.ts'));
  const writer = await import(path.join(codeRoot, 'bench/support/writer-cost.ts'));
  return { measureWriterCost: writer.measureWriterCost, hashRequest: idempotency.hashRequest, securityHeaders: headers.securityHeaders, checkoutSchema: order.checkoutSchema };
}

/** A Koa context on a real ServerResponse, as the middleware sees one. */
function contextFor(requestPath: string): Context {
  const koa = new Koa();
  const req = new http.IncomingMessage(new net.Socket());
  req.url = requestPath;
  req.method = 'POST';
  return koa.createContext(req, new http.ServerResponse(req));
}

type Case = { name: string; old: () => unknown; now: () => unknown };

/** µs of this process's CPU per call (not wall time: the other processes on the cores take that). */
function cpuPerCall(start: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / calls;
}

function timeBatch(run: () => unknown): number {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) run();
  return cpuPerCall(start);
}

async function timeAsyncBatch(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await run();
  return cpuPerCall(start);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const oldRoot = unpackOldCode();
  try {
    const [old, now] = await Promise.all([load(oldRoot), load(root)]);
    const body = JSON.parse(JSON.stringify(checkoutBody('pm_card_visa', [1, 2])));
    const noop = async () => undefined;
    const headerCase = (requestPath: string) => {
      const [oldHeaders, nowHeaders] = [old.securityHeaders({ stripe: false }), now.securityHeaders({ stripe: false })];
      const ctx = contextFor(requestPath);
      return { old: () => oldHeaders(ctx, noop), now: () => nowHeaders(ctx, noop) };
    };
    const cases: (Case & { async?: boolean })[] = [
      { name: 'request fingerprint (hashRequest)', old: () => old.hashRequest(body), now: () => now.hashRequest(body) },
      { name: 'checkout validation (checkoutSchema)', old: () => old.checkoutSchema.safeParse(body), now: () => now.checkoutSchema.safeParse(body) },
      { name: 'security headers, API answer', async: true, ...headerCase('/api/checkout') },
      { name: 'security headers, app answer', async: true, ...headerCase('/checkout') },
    ];
    for (const c of cases) {
      if (!c.async) {
        const same = JSON.stringify(c.old()) === JSON.stringify(c.now());
        if (!same) throw new Error(`${c.name}: old and new answers differ`);
      }
    }
    console.log(`old = ${oldRef}, ${batches} alternating batches of ${calls} calls; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('| main-thread work per request | old µs (median / min) | this code µs (median / min) | new / old |');
    console.log('|---|---|---|---|');
    for (const c of cases) {
      const times = { old: [] as number[], now: [] as number[] };
      for (let batch = 0; batch < batches; batch++) {
        const order = batch % 2 === 0 ? (['old', 'now'] as const) : (['now', 'old'] as const);
        for (const side of order) times[side].push(c.async ? await timeAsyncBatch(c[side]) : timeBatch(c[side]));
      }
      const [o, n] = [median(times.old), median(times.now)];
      const fmt = (list: number[]) => `${median(list).toFixed(2)} / ${Math.min(...list).toFixed(2)}`;
      console.log(`| ${c.name} | ${fmt(times.old)} | ${fmt(times.now)} | ${((n / o) * 100).toFixed(0)} % |`);
    }
    const writerRounds = Number(process.env.BENCH_WRITER_ROUNDS ?? 6);
    const writer = { old: [] as number[], now: [] as number[] };
    for (let round = 0; round < writerRounds; round++) {
      for (const side of round % 2 === 0 ? (['old', 'now'] as const) : (['now', 'old'] as const)) {
        writer[side].push((await (side === 'old' ? old : now).measureWriterCost(false, 2048)).cpuMicros);
      }
    }
    const fmt = (list: number[]) => `${median(list).toFixed(1)} / ${Math.min(...list).toFixed(1)}`;
    console.log(`| checkout writer, per order (${writerRounds} rounds of 2,048) | ${fmt(writer.old)} | ${fmt(writer.now)} | ${((median(writer.now) / median(writer.old)) * 100).toFixed(0)} % |`);
  } finally {
    fs.rmSync(oldRoot, { recursive: true, force: true });
  }
}

await main();
