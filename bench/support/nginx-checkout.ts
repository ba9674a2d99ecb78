import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StandInLatency } from '../../server/test/stripe-stand-in';
import { startTemporaryPostgres } from '../../server/test/postgres';
import { startReverseProxy } from '../../server/test/nginx';
import { startChildServer } from './child-server';
import { drive, type LoadResult } from './closed-loop';
import { removeCompiledShopBuild, startCompiledShop, type CompiledShop } from './compiled-shop';
import { percentile } from './stats';

/**
 * BENCH_PROCESSES=1,2: orders/s on PostgreSQL with that many compiled shop processes behind
 * Debian's nginx (design.md §8), BENCH_SHOPPERS (64) closed-loop shoppers through the Stripe
 * stand-in at 250 ± 100 ms for BENCH_SECONDS (20), mail on. No target; the baseline in the same
 * run is one process answering the shoppers directly.
 */
const LATENCY: StandInLatency = { baseMs: 250, jitterMs: 100 };
const ONE_ADDRESS_LIMITS = { CARD_DECLINE_LIMIT: '100000', PAYMENT_INTENT_LIMIT: '100000' };

export function processesRequested(): boolean {
  return Boolean(process.env.BENCH_PROCESSES);
}

function line(label: string, load: LoadResult) {
  const added = load.observed.map((value, index) => value - load.gateway[index]!);
  console.log(`${label.padEnd(34)} ${(load.orders / load.seconds).toFixed(0).padStart(8)} ${String(load.failures).padStart(6)}  added p50 ${percentile(added, 50).toFixed(1)} ms, p99 ${percentile(added, 99).toFixed(1)} ms`);
}

export async function runProcessesCheckoutBench(): Promise<void> {
  const counts = process.env.BENCH_PROCESSES!.split(',').map(Number);
  const shoppers = Number((process.env.BENCH_SHOPPERS ?? '64').split(',')[0]);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-processes-'));
  const standIn = await startChildServer('bench/support/serve-stripe-stand-in.ts', { STANDIN_LATENCY_MS: String(LATENCY.baseMs), STANDIN_JITTER_MS: String(LATENCY.jitterMs) });
  const smtp = await startChildServer('bench/support/serve-smtp.ts');
  const cluster = await startTemporaryPostgres({ durable: true, settings: { max_connections: '400' } });
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    STRIPE_API_BASE: standIn.url,
    WEB_DIST_DIR: path.join(dir, 'dist'),
    SMTP_URL: smtp.url,
    ...ONE_ADDRESS_LIMITS,
  };
  try {
    console.log(`PostgreSQL, ${shoppers} closed-loop shoppers for ${seconds} s, mail on; cores ${os.cpus().length}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${'case'.padEnd(34)} orders/s  fails`);
    const cases = [{ processes: 1, nginx: false }, ...counts.map((processes) => ({ processes, nginx: true }))];
    for (const { processes, nginx } of cases) {
      const databaseUrl = await cluster.createDatabase();
      const shops: CompiledShop[] = [];
      try {
        // One after another: the first migrates the new database.
        for (let i = 0; i < processes; i++) shops.push(await startCompiledShop({ ...env, DATABASE_URL: databaseUrl }));
        // The shop listens on every IPv4 address; nginx would try ::1 for localhost.
        const upstreams = shops.map((shop) => shop.url.replace('localhost', '127.0.0.1'));
        const proxy = nginx ? await startReverseProxy(upstreams) : null;
        try {
          const url = proxy?.url ?? upstreams[0]!;
          const label = nginx ? `${processes} process${processes > 1 ? 'es' : ''} behind nginx` : '1 process, no nginx (baseline)';
          await drive(url, Math.min(shoppers, 32), 2, LATENCY, `${label}-warm`.replace(/\W+/g, '-'));
          line(label, await drive(url, shoppers, seconds, LATENCY, label.replace(/\W+/g, '-')));
        } finally {
          await proxy?.stop();
        }
      } finally {
        await Promise.all(shops.map((shop) => shop.stop()));
      }
    }
    console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await cluster.stop();
    await standIn.stop();
    await smtp.stop();
    removeCompiledShopBuild();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
