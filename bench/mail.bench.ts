import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { checkoutBody } from '../server/payments/payment.test-support';
import { processCpuMs } from './support/process-cpu';
import { startStripeStandIn } from '../server/test/stripe-stand-in';
import { startServerProcess, type ServerProcess } from '../server/test/server-process';
import { startChildServer } from './support/child-server';

/**
 * The budget: checkout throughput with mail on stays within 5 % of mail off, in the same
 * run. POST /api/checkout on SQLite (synchronous=FULL), each server its own process, mail off
 * (MAIL_ENABLED=0) and on (SMTP to a real SMTP server in a third process), interleaved, on both
 * paths: the built-in test gateway and Stripe through the local stand-in (one checkout path for both). After each mail-on run it prints how many of
 * the burst's confirmations went out in the following seconds.
 * Options: BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_ROUNDS (2), BENCH_DRAIN_SECONDS (20).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const drainSeconds = Number(process.env.BENCH_DRAIN_SECONDS ?? 20);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
const smtp = await startChildServer('bench/support/serve-smtp.ts');
const standIn = await startStripeStandIn();
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_API_BASE: standIn.url };

interface CaseResult {
  ordersPerSecond: number;
  p99: number;
  errors: number;
  cpuMicrosPerOrder: number;
  drained?: string;
}

const body = JSON.stringify(checkoutBody('pm_card_visa', [1, 2]));
const request = {
  method: 'POST' as const,
  path: '/api/checkout',
  setupRequest: (req: autocannon.Request) => ({ ...req, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body }),
};

async function runCase(name: string, env: Record<string, string>, mail: boolean): Promise<CaseResult> {
  const dbPath = path.join(dir, `${name}-${randomUUID()}.db`);
  const server: ServerProcess = await startServerProcess({
    DATABASE_URL: `sqlite:${dbPath}`,
    WEB_DIST_DIR: path.join(dir, 'dist'),
    LOG_LEVEL: 'warn',
    ...(mail ? { SMTP_URL: smtp.url } : { MAIL_ENABLED: '0' }),
    ...env,
  });
  try {
    await autocannon({ url: server.url, connections, duration: 2, requests: [request] });
    const sqlite = new SQLite(dbPath, { readonly: true });
    const count = (sql: string) => (sqlite.prepare(sql).get() as { n: number }).n;
    const orders = () => count('SELECT count(*) AS n FROM orders');
    // The warm-up's mails are still queued when the burst starts: the sender has work throughout,
    // the harder case for "sending does not slow checkout".
    const sent = () => count('SELECT count(*) AS n FROM mail_sent');
    const sentBefore = mail ? sent() : 0;
    const before = orders();
    const cpuBefore = processCpuMs(server.child.pid!);
    const started = Date.now();
    const result = await autocannon({ url: server.url, connections, duration: seconds, requests: [request] });
    const made = orders() - before;
    const ordersPerSecond = made / ((Date.now() - started) / 1000);
    const cpuMicrosPerOrder = ((processCpuMs(server.child.pid!) - cpuBefore) / made) * 1000;
    let drained: string | undefined;
    if (mail) {
      const sentInBurst = sent() - sentBefore;
      const drainStarted = Date.now();
      const queued = () => count("SELECT count(*) AS n FROM mail_outbox WHERE state = 'queued'");
      await drain(queued, drainSeconds);
      const drainSecondsTaken = (Date.now() - drainStarted) / 1000;
      const sentAfter = sent() - sentBefore - sentInBurst;
      drained = `mails sent during the ${seconds} s burst: ${sentInBurst}; in the ${drainSecondsTaken.toFixed(0)} s after it: ${sentAfter} (${(sentAfter / drainSecondsTaken).toFixed(0)}/s), ${queued()} still queued`;
    }
    sqlite.close();
    return { ordersPerSecond, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMicrosPerOrder, drained };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

/** Waits until `left()` is 0 or `limitSeconds` pass; returns what is left. */
async function drain(left: () => number, limitSeconds: number): Promise<number> {
  const deadline = Date.now() + limitSeconds * 1000;
  let remaining = left();
  while (remaining > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    remaining = left();
  }
  return remaining;
}


try {
  console.log(`cores: ${os.cpus().length}, connections: ${connections}, ${seconds} s per case, ${rounds} rounds, load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log('path          mail  round   orders/s  p99 ms  errors  CPU µs/order');
  const totals: Record<string, { off: CaseResult[]; on: CaseResult[] }> = { 'test gateway': { off: [], on: [] }, 'Stripe': { off: [], on: [] } };
  for (let round = 1; round <= rounds; round++) {
    for (const [label, env] of [['test gateway', {}], ['Stripe', STRIPE_ENV]] as const) {
      // Alternate which goes first, so a drifting machine does not favour one side.
      const order: boolean[] = round % 2 ? [false, true] : [true, false];
      for (const mail of order) {
        const result = await runCase(`${label.replace(' ', '-')}-${mail ? 'on' : 'off'}`, env, mail);
        totals[label]![mail ? 'on' : 'off'].push(result);
        console.log(
          `${label.padEnd(13)} ${(mail ? 'on' : 'off').padEnd(5)} ${String(round).padStart(5)} ${result.ordersPerSecond.toFixed(0).padStart(10)} ${String(result.p99).padStart(7)} ${String(result.errors).padStart(7)} ${result.cpuMicrosPerOrder.toFixed(0).padStart(13)}`,
        );
        if (result.drained) console.log(`                    ${result.drained}`);
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const change = (on: number, off: number) => `${(((on - off) / off) * 100).toFixed(1)} %`;
  for (const [label, { off, on }] of Object.entries(totals)) {
    const rate = (cases: CaseResult[]) => median(cases.map((c) => c.ordersPerSecond));
    const cpu = (cases: CaseResult[]) => median(cases.map((c) => c.cpuMicrosPerOrder));
    console.log(
      `${label}: median orders/s mail on ${rate(on).toFixed(0)} vs off ${rate(off).toFixed(0)} (${change(rate(on), rate(off))}; budget: no worse than -5 %); ` +
        `median server CPU per order on ${cpu(on).toFixed(0)} µs vs off ${cpu(off).toFixed(0)} µs (${change(cpu(on), cpu(off))})`,
    );
  }
} finally {
  await smtp.stop();
  await standIn.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
