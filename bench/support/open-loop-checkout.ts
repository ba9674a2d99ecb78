import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StandInLatency } from '../../server/test/stripe-stand-in';
import { startServerProcess } from '../../server/test/server-process';
import { startTemporaryPostgres, type TemporaryPostgres } from '../../server/test/postgres';
import { startChildServer } from './child-server';
import { waitForMail } from './checkout-mail';
import { removeCompiledShopBuild, startCompiledShop, type CompiledShopOptions } from './compiled-shop';
import { roundsOf, variantsRequested } from './bench-variants';
import { arriveAndCheckOut, type Arrivals, type OpenLoopResult } from './open-loop';
import { phaseProbe, phasesRequested, printPhases } from './checkout-phases';
import { processCpuMs } from './process-cpu';
import { percentile } from './stats';

/**
 * The checkout bench's open-loop modes (docs/benchmarks.md): shoppers arrive at a set rate whether
 * or not the shop has answered the ones before. BENCH_RATE=N checkouts/s for BENCH_SECONDS (30), or
 * BENCH_FLASH=1, a flash sale: 150/s for 60 s. Stripe stand-in at 250 ± 100 ms, mail to a real SMTP
 * server (BENCH_MAIL=0: off), on BENCH_DATABASES. The shop runs compiled, as `npm start` runs it;
 * beside it in the same run, the baseline: the same code under tsx, or the checkout at
 * BENCH_CODE_ROOT (BENCH_BASELINE=0: none). BENCH_ARRIVALS=fixed spaces arrivals evenly (default poisson);
 * BENCH_CPU_PROF=DIR profiles each shop process; BENCH_PHASES=1 prints where the added time goes
 * (bench/support/checkout-phases.ts).
 */
interface Budget {
  addedP50Ms?: number;
  addedP99Ms: number;
  mailP99Ms?: number;
  mailDrainMs?: number;
}

const LATENCY: StandInLatency = { baseMs: 250, jitterMs: 100 };
const WARM_UP: Arrivals = { rate: 20, seconds: 3, spacing: 'fixed' };
/** Limits that stop one address from testing cards; every bench shopper comes from 127.0.0.1. */
const ONE_ADDRESS_LIMITS = { CARD_DECLINE_LIMIT: '100000', PAYMENT_INTENT_LIMIT: '100000' };

export function openLoopRequested(): boolean {
  return Boolean(process.env.BENCH_RATE || process.env.BENCH_FLASH === '1');
}

function plan(): { name: string; arrivals: Arrivals; budget: Budget; mailWaitSeconds: number } {
  const spacing = process.env.BENCH_ARRIVALS === 'fixed' ? 'fixed' : 'poisson';
  if (process.env.BENCH_FLASH === '1') {
    return { name: 'flash sale', arrivals: { rate: 150, seconds: 60, spacing }, budget: { addedP99Ms: 1000, mailDrainMs: 120_000 }, mailWaitSeconds: 240 };
  }
  const rate = Number(process.env.BENCH_RATE);
  if (!(rate > 0)) throw new Error(`BENCH_RATE must be checkouts per second (got ${process.env.BENCH_RATE})`);
  return { name: `${rate}/s`, arrivals: { rate, seconds: Number(process.env.BENCH_SECONDS ?? 30), spacing }, budget: { addedP50Ms: 20, addedP99Ms: 100, mailP99Ms: 5000 }, mailWaitSeconds: 60 };
}

interface Shop {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=DIR: each shop process writes a V8 CPU profile of its whole run there. */
function profileArgs(label: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir), '--cpu-prof-name', `${label.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`] : [];
}

/** One shop measured: the compiled shop (with a variant's options) or the tsx baseline. */
interface Case {
  label: string;
  kind: 'compiled' | 'baseline';
  env: Record<string, string>;
  shop?: CompiledShopOptions;
  /** Cases with one name are pooled at the end when there are several rounds. */
  name: string;
}

function casesOf(database: string): Case[] {
  const variants = variantsRequested();
  if (variants) {
    return roundsOf(variants).flatMap((round, index) =>
      round.map((variant) => ({ label: `${database} ${variant.name}${roundsOf(variants).length > 1 ? ` #${index + 1}` : ''}`, kind: 'compiled' as const, env: variant.env, shop: variant.shop, name: variant.name })),
    );
  }
  const baselineName = process.env.BENCH_CODE_ROOT ? `${path.basename(process.env.BENCH_CODE_ROOT)} (tsx)` : 'tsx (baseline)';
  const kinds: ('compiled' | 'baseline')[] = process.env.BENCH_BASELINE === '0' ? ['compiled'] : ['compiled', 'baseline'];
  return kinds.map((kind) => {
    const label = `${database} ${kind === 'compiled' ? 'compiled' : baselineName}`;
    return { label, kind, env: {}, name: label };
  });
}

async function startShop(kind: 'compiled' | 'baseline', env: Record<string, string>, label: string, probeArgs: string[], options?: CompiledShopOptions): Promise<Shop> {
  const nodeArgs = [...probeArgs, ...profileArgs(label)];
  if (kind === 'compiled') return startCompiledShop(env, nodeArgs, options);
  const shop = await startServerProcess({ ...env, LOG_LEVEL: 'warn' }, { codeRoot: process.env.BENCH_CODE_ROOT, nodeArgs });
  return { url: shop.url, pid: shop.child.pid!, stop: () => shop.stop() };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

type MailResult = Awaited<ReturnType<typeof waitForMail>>;

function report(label: string, budget: Budget, load: OpenLoopResult, mail: MailResult | null, arrivals: Arrivals, cpuMsPerOrder: number) {
  const added = load.observed.map((value, index) => value - load.gateway[index]!);
  const failed = [...load.failures.values()].reduce((sum, n) => sum + n, 0);
  const kinds = [...load.failures].map(([kind, n]) => `${n}× ${kind}`).join(', ');
  const p50 = percentile(added, 50);
  const p99 = percentile(added, 99);
  const mailP99 = mail ? percentile(mail.delays, 99) : Number.NaN;
  const drained = mail && mail.unsent === 0 && mail.lastSentAt !== null ? Math.max(0, mail.lastSentAt - load.lastAnswerAt) : Number.NaN;
  console.log(
    `${label.padEnd(30)} ${String(load.offered).padStart(6)} ${(load.orders / arrivals.seconds).toFixed(1).padStart(8)} ${String(failed).padStart(5)}` +
      `  gateway ${ms(percentile(load.gateway, 50))} / ${ms(percentile(load.gateway, 99))}  added ${ms(p50)} / ${ms(p99)}` +
      (mail ? `  mail p99 ${seconds(mailP99)}, drained ${Number.isNaN(drained) ? (mail.unsent ? `not (${mail.unsent} unsent)` : 'in each run') : `${seconds(drained)} after the last answer`}` : '') +
      `  shop CPU ${cpuMsPerOrder.toFixed(1)} ms/order`,
  );
  const verdicts = [`no failed checkout ${verdict(failed === 0)}${kinds ? ` (${kinds})` : ''}`];
  if (budget.addedP50Ms !== undefined) verdicts.push(`added p50 <= ${budget.addedP50Ms} ms ${verdict(p50 <= budget.addedP50Ms)}`);
  verdicts.push(`added p99 <= ${budget.addedP99Ms} ms ${verdict(p99 <= budget.addedP99Ms)}`);
  if (mail && budget.mailP99Ms !== undefined) verdicts.push(`mail p99 <= ${seconds(budget.mailP99Ms)} ${verdict(mail.unsent === 0 && mailP99 <= budget.mailP99Ms)}`);
  if (mail && budget.mailDrainMs !== undefined) verdicts.push(`mail drained within ${seconds(budget.mailDrainMs)} ${verdict(drained <= budget.mailDrainMs)}`);
  console.log(`${''.padEnd(31)}${verdicts.join('; ')}`);
}

export async function runOpenLoopCheckoutBench(): Promise<void> {
  const { name, arrivals, budget, mailWaitSeconds } = plan();
  const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-open-loop-'));
  const standIn = await startChildServer('bench/support/serve-stripe-stand-in.ts', { STANDIN_LATENCY_MS: String(LATENCY.baseMs), STANDIN_JITTER_MS: String(LATENCY.jitterMs) });
  const smtp = await startChildServer('bench/support/serve-smtp.ts');
  const mailOn = process.env.BENCH_MAIL !== '0';
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    STRIPE_API_BASE: standIn.url,
    WEB_DIST_DIR: path.join(dir, 'dist'),
    ...ONE_ADDRESS_LIMITS,
    ...(mailOn ? { SMTP_URL: smtp.url } : { MAIL_ENABLED: '0' }),
  };
  let cluster: TemporaryPostgres | null = null;
  try {
    console.log(`open loop, ${name}: ${arrivals.rate} checkouts/s (${arrivals.spacing}) for ${arrivals.seconds} s, mail ${mailOn ? 'on' : 'off'}; cores ${os.cpus().length}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${'case'.padEnd(30)} ${'offered'.padStart(6)} ${'orders/s'.padStart(8)} fails`);
    for (const database of databases) {
      if (database === 'postgres') cluster ??= await startTemporaryPostgres({ durable: true, settings: { max_connections: '400' } });
      const cases = casesOf(database);
      const pooled = new Map<string, { runs: { load: OpenLoopResult; mail: MailResult | null; cpuMsPerOrder: number }[] }>();
      for (const [index, { label, kind, env: caseEnv, shop: shopOptions, name: caseName }] of cases.entries()) {
        const dbUrl = database === 'sqlite' ? `sqlite:${path.join(dir, `shop-${index}.db`)}` : await cluster!.createDatabase();
        const phasesFile = path.join(dir, `phases-${label.replace(/\W+/g, '-')}.json`);
        const probe = phasesRequested() ? phaseProbe(phasesFile) : { nodeArgs: [], env: {} };
        const shop = await startShop(kind, { ...env, ...caseEnv, ...probe.env, DATABASE_URL: dbUrl }, label, probe.nodeArgs, shopOptions);
        let load: OpenLoopResult | null = null;
        try {
          await arriveAndCheckOut(shop.url, WARM_UP, LATENCY, `${label}-warm`);
          const since = Date.now();
          const cpuBefore = processCpuMs(shop.pid);
          load = await arriveAndCheckOut(shop.url, arrivals, LATENCY, label.replace(/\W+/g, '-'));
          const mail = mailOn ? await waitForMail(database, dbUrl, since, mailWaitSeconds) : null;
          // All of the shop's threads until the run's mail is handed over: each order's mail is part of its cost.
          const cpuMsPerOrder = (processCpuMs(shop.pid) - cpuBefore) / Math.max(1, load.orders);
          report(label, budget, load, mail, arrivals, cpuMsPerOrder);
          const runs = pooled.get(caseName)?.runs ?? [];
          runs.push({ load, mail, cpuMsPerOrder });
          pooled.set(caseName, { runs });
        } finally {
          await shop.stop();
        }
        if (load && phasesRequested()) printPhases(phasesFile, load, LATENCY);
      }
      if (cases.length > pooled.size) {
        console.log(`pooled over ${cases.length / pooled.size} rounds:`);
        for (const [caseName, { runs }] of pooled) {
          report(`${database} ${caseName} (all)`, budget, poolLoads(runs.map((run) => run.load)), poolMail(runs.map((run) => run.mail)), { ...arrivals, seconds: arrivals.seconds * runs.length }, runs.reduce((sum, run) => sum + run.cpuMsPerOrder, 0) / runs.length);
        }
      }
    }
    console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await cluster?.stop();
    await standIn.stop();
    await smtp.stop();
    removeCompiledShopBuild();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function poolLoads(loads: OpenLoopResult[]): OpenLoopResult {
  const failures = new Map<string, number>();
  for (const load of loads) for (const [kind, n] of load.failures) failures.set(kind, (failures.get(kind) ?? 0) + n);
  return {
    offered: loads.reduce((sum, load) => sum + load.offered, 0),
    orders: loads.reduce((sum, load) => sum + load.orders, 0),
    failures,
    observed: loads.flatMap((load) => load.observed),
    gateway: loads.flatMap((load) => load.gateway),
    // Drain times are per run; pooled, the longest counts.
    lastAnswerAt: Math.max(...loads.map((load) => load.lastAnswerAt)),
    timeline: new Map(loads.flatMap((load) => [...load.timeline])),
  };
}

function poolMail(mails: (MailResult | null)[]): MailResult | null {
  if (mails.some((mail) => mail === null)) return null;
  const all = mails as MailResult[];
  return { delays: all.flatMap((mail) => mail.delays), unsent: all.reduce((sum, mail) => sum + mail.unsent, 0), lastSentAt: null };
}
