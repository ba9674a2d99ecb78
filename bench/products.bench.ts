/**
 * GET /api/products/devices of the real app against a bare Koa handler sending the same bytes,
 * measured in the same run, each server in its own process. Budget: the app serves at least 60 %
 * of the bare handler's requests per second (docs/benchmarks.md).
 */
import { startChildServer } from './support/child-server';
import { runLoad, type LoadResult } from './support/load';
import { machineLine, printTable } from './support/stats';

const BUDGET = 0.6;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_SEC = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 10;
const PATH = '/api/products/devices';

console.log(machineLine());
console.log(`${ROUNDS} interleaved rounds of ${DURATION_SEC} s, ${CONNECTIONS} connections, GET ${PATH}`);

const bare = await startChildServer('bench/support/serve-bare-koa.ts');
const app = await startChildServer('bench/support/serve-app.ts');
const results: { bare: LoadResult[]; app: LoadResult[] } = { bare: [], app: [] };
try {
  // Warm both (JIT, connection pools) before measuring.
  await runLoad(bare.url + PATH, { durationSec: 2, connections: CONNECTIONS });
  await runLoad(app.url + PATH, { durationSec: 2, connections: CONNECTIONS });
  // Interleaved so that a change in the machine's load affects both sides alike.
  for (let round = 0; round < ROUNDS; round++) {
    results.bare.push(await runLoad(bare.url + PATH, { durationSec: DURATION_SEC, connections: CONNECTIONS }));
    results.app.push(await runLoad(app.url + PATH, { durationSec: DURATION_SEC, connections: CONNECTIONS }));
  }
} finally {
  await app.stop();
  await bare.stop();
}

const mean = (list: LoadResult[], pick: (r: LoadResult) => number) => list.reduce((sum, r) => sum + pick(r), 0) / list.length;
const rows: (string | number)[][] = [['server', 'req/s per round', 'mean req/s', 'p50 ms', 'p99 ms', 'failures']];
for (const [name, list] of Object.entries(results)) {
  rows.push([
    name === 'bare' ? 'bare Koa handler' : 'real app (createApp)',
    list.map((r) => Math.round(r.requestsPerSec)).join(' / '),
    Math.round(mean(list, (r) => r.requestsPerSec)),
    mean(list, (r) => r.latencyP50).toFixed(1),
    mean(list, (r) => r.latencyP99).toFixed(1),
    list.reduce((sum, r) => sum + r.failures, 0),
  ]);
}
printTable(rows);
const ratio = mean(results.app, (r) => r.requestsPerSec) / mean(results.bare, (r) => r.requestsPerSec);
const failures = [...results.app, ...results.bare].reduce((sum, r) => sum + r.failures, 0);
const ok = ratio >= BUDGET && failures === 0;
console.log(`app / bare = ${(ratio * 100).toFixed(1)} % (budget >= ${BUDGET * 100} %): ${ok ? 'within budget' : 'BUDGET MISSED'}`);
console.log(machineLine());
if (!ok) process.exitCode = 1;
