import fs from 'node:fs';
import path from 'node:path';
import { standInDelayMs, type StandInLatency } from '../../server/test/stripe-stand-in';
import type { OpenLoopResult } from './open-loop';
import { percentile } from './stats';

/**
 * BENCH_PHASES=1: where each checkout's added time goes, from the load generator's own times and
 * the shop's (checkout-phases.preload.mjs, loaded with --import into the bench's shop only).
 */
export function phasesRequested(): boolean {
  return process.env.BENCH_PHASES === '1';
}

const PRELOAD = path.resolve(import.meta.dirname, 'checkout-phases.preload.mjs');

export function phaseProbe(file: string): { nodeArgs: string[]; env: Record<string, string> } {
  return { nodeArgs: ['--import', PRELOAD], env: { CHECKOUT_PHASES_FILE: file } };
}

interface Span {
  start: number;
  end: number;
}
interface ShopRequest {
  key: string;
  received: number;
  gateway: (Span & { headers: number })[];
  commits: Span[];
  poolWaits: Span[];
  answered: number;
}
interface ShopTimes {
  requests: ShopRequest[];
  loop: { at: number; maxMs: number; p99Ms: number }[];
  gc: { start: number; ms: number; kind: number }[];
}

const PHASES = [
  ['generator late', 'sent after its planned arrival (the load generator behind)'],
  ['to server', 'sent -> the shop parsed the request'],
  ['before gateway', 'parsed -> first gateway request (pricing, the intent transaction)'],
  ['gateway extra', 'gateway requests beyond the stand-in\u2019s own delay'],
  ['after gateway', 'gateway answered -> last COMMIT done (the order transaction)'],
  ['  of it COMMIT', 'time inside COMMITs after the gateway'],
  ['to answer', 'last COMMIT -> answer written'],
  ['to generator', 'answer written -> the generator read it'],
] as const;

type PhaseName = (typeof PHASES)[number][0];

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** Prints the phases of the median and of the slowest 1 % of checkouts, and the shop's event-loop delay and GC during the run. */
export function printPhases(file: string, load: OpenLoopResult, latency: StandInLatency): void {
  if (!fs.existsSync(file)) return void console.log('  phases: the shop wrote no timings');
  const shop = JSON.parse(fs.readFileSync(file, 'utf8')) as ShopTimes;
  const byKey = new Map(shop.requests.map((request) => [request.key, request]));
  const rows: { added: number; phases: Record<PhaseName, number>; span: Span }[] = [];
  for (const [key, times] of load.timeline) {
    const request = byKey.get(key);
    if (!request || !times.answered || request.gateway.length === 0 || request.commits.length === 0) continue;
    const gatewayStart = request.gateway[0]!.start;
    const gatewayEnd = Math.max(...request.gateway.map((call) => call.end));
    const lastCommit = request.commits.at(-1)!.end;
    const stand = standInDelayMs(`checkout:${key}:charge`, latency);
    rows.push({
      added: times.answered - times.planned - stand,
      span: { start: times.planned, end: times.answered },
      phases: {
        'generator late': times.sent - times.planned,
        'to server': request.received - times.sent,
        'before gateway': gatewayStart - request.received,
        'gateway extra': gatewayEnd - gatewayStart - stand,
        'after gateway': lastCommit - gatewayEnd,
        '  of it COMMIT': request.commits.filter((commit) => commit.start >= gatewayEnd).reduce((sum, commit) => sum + commit.end - commit.start, 0),
        'to answer': request.answered - lastCommit,
        'to generator': times.answered - request.answered,
      },
    });
  }
  if (rows.length === 0) return void console.log('  phases: no checkout matched');
  rows.sort((a, b) => a.added - b.added);
  const slow = rows.slice(Math.floor(rows.length * 0.99));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  const run: Span = { start: Math.min(...rows.map((row) => row.span.start)), end: Math.max(...rows.map((row) => row.span.end)) };
  const gcInRun = shop.gc.filter((pause) => pause.start >= run.start && pause.start <= run.end);
  const loopInRun = shop.loop.filter((sample) => sample.at >= run.start && sample.at <= run.end + 100);
  const gcDuring = (span: Span) => gcInRun.reduce((sum, pause) => sum + overlap(span, { start: pause.start, end: pause.start + pause.ms }), 0);
  const loopMaxDuring = (span: Span) => Math.max(0, ...loopInRun.filter((sample) => sample.at >= span.start && sample.at - 100 <= span.end).map((sample) => sample.maxMs));

  console.log(`  phases (ms; median checkout: each phase's median; slowest 1 %, ${slow.length} checkouts, added >= ${slow[0]!.added.toFixed(1)} ms: each phase's mean)`);
  console.log(`  ${'phase'.padEnd(16)} ${'median'.padStart(8)} ${'slow 1 %'.padStart(9)}`);
  for (const [name, meaning] of PHASES) {
    console.log(`  ${name.padEnd(16)} ${percentile(rows.map((row) => row.phases[name]), 50).toFixed(1).padStart(8)} ${mean(slow.map((row) => row.phases[name])).toFixed(1).padStart(9)}  ${meaning}`);
  }
  console.log(`  ${'added'.padEnd(16)} ${percentile(rows.map((row) => row.added), 50).toFixed(1).padStart(8)} ${mean(slow.map((row) => row.added)).toFixed(1).padStart(9)}`);
  const waits = shop.requests.flatMap((request) => request.poolWaits.map((wait) => wait.end - wait.start));
  if (waits.length) console.log(`  PostgreSQL pool waits: p50 ${percentile(waits, 50).toFixed(1)} ms, p99 ${percentile(waits, 99).toFixed(1)} ms, max ${Math.max(...waits).toFixed(1)} ms`);
  const commits = shop.requests.flatMap((request) => request.commits.map((commit) => commit.end - commit.start));
  console.log(`  COMMIT: ${(commits.length / Math.max(1, shop.requests.length)).toFixed(1)} per checkout, p50 ${percentile(commits, 50).toFixed(1)} ms, p99 ${percentile(commits, 99).toFixed(1)} ms, max ${Math.max(...commits).toFixed(1)} ms`);
  const delays = loopInRun.map((sample) => sample.maxMs);
  console.log(
    `  shop event loop: max delay per 100 ms p50 ${percentile(delays, 50).toFixed(1)} / p99 ${percentile(delays, 99).toFixed(1)} / max ${Math.max(0, ...delays).toFixed(1)} ms; ` +
      `during the slowest 1 % the worst was ${mean(slow.map((row) => loopMaxDuring(row.span))).toFixed(1)} ms on average`,
  );
  console.log(
    `  shop GC: ${gcInRun.length} pauses, ${gcInRun.reduce((sum, pause) => sum + pause.ms, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...gcInRun.map((pause) => pause.ms)).toFixed(1)} ms ` +
      `(major ${gcInRun.filter((pause) => pause.kind === 4).length}); a slow checkout overlapped ${mean(slow.map((row) => gcDuring(row.span))).toFixed(1)} ms of GC on average`,
  );
}
