/**
 * Loaded into a bench shop with `--import` (BENCH_PHASES=1), never by the shop itself: times each
 * checkout's phases inside the shop process without a line of production code. Per request
 * (named by its Idempotency-Key): when the server parsed it, each gateway request's start and end,
 * each COMMIT's start and end and each wait for a PostgreSQL pool connection, and when the answer
 * was written. Beside them, the event loop's delay per 100 ms and every GC pause. Written as JSON
 * to CHECKOUT_PHASES_FILE when the process exits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const out = process.env.CHECKOUT_PHASES_FILE;
const now = () => performance.timeOrigin + performance.now();
const context = new AsyncLocalStorage();
const requests = [];
const loop = [];
const gc = [];
const gatewayCalls = new WeakMap();

diagnostics.subscribe('http.server.request.start', ({ request, response }) => {
  const key = request.headers['idempotency-key'];
  if (!key || !request.url?.startsWith('/api/checkout')) return;
  const record = { key, received: now(), gateway: [], commits: [], poolWaits: [], answered: 0 };
  requests.push(record);
  context.enterWith(record);
  response.once('finish', () => (record.answered = now()));
});

diagnostics.subscribe('undici:request:create', ({ request }) => {
  const record = context.getStore();
  if (!record) return;
  const call = { start: now(), headers: 0, end: 0 };
  record.gateway.push(call);
  gatewayCalls.set(request, call);
});
diagnostics.subscribe('undici:request:headers', ({ request }) => {
  const call = gatewayCalls.get(request);
  if (call) call.headers = now();
});
diagnostics.subscribe('undici:request:trailers', ({ request }) => {
  const call = gatewayCalls.get(request);
  if (call) call.end = now();
});

const requireFromShop = createRequire(path.join(process.cwd(), 'package.json'));
const isCommit = (text) => typeof text === 'string' && /^\s*commit\b/i.test(text);

try {
  const Database = requireFromShop('better-sqlite3');
  const prepare = Database.prototype.prepare;
  let patched = false;
  Database.prototype.prepare = function (...args) {
    const statement = prepare.apply(this, args);
    if (!patched) {
      patched = true;
      const proto = Object.getPrototypeOf(statement);
      const run = proto.run;
      proto.run = function (...runArgs) {
        if (!isCommit(this.source)) return run.apply(this, runArgs);
        const record = context.getStore();
        const start = now();
        try {
          return run.apply(this, runArgs);
        } finally {
          record?.commits.push({ start, end: now() });
        }
      };
    }
    return statement;
  };
} catch {
  // No SQLite driver in this checkout.
}

try {
  const pg = requireFromShop('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (text, ...rest) {
    const record = context.getStore();
    const sqlText = typeof text === 'object' && text ? text.text : text;
    if (!record || !isCommit(sqlText) || typeof rest.at(-1) === 'function') return query.call(this, text, ...rest);
    const commit = { start: now(), end: 0 };
    record.commits.push(commit);
    const answer = query.call(this, text, ...rest);
    void Promise.resolve(answer).then(
      () => (commit.end = now()),
      () => (commit.end = now()),
    );
    return answer;
  };
  const connect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (...args) {
    const record = context.getStore();
    if (!record || typeof args.at(-1) === 'function') return connect.apply(this, args);
    const wait = { start: now(), end: 0 };
    record.poolWaits.push(wait);
    const answer = connect.apply(this, args);
    void Promise.resolve(answer).then(
      () => (wait.end = now()),
      () => (wait.end = now()),
    );
    return answer;
  };
} catch {
  // No PostgreSQL driver in this checkout.
}

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
setInterval(() => {
  loop.push({ at: now(), maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
  delay.reset();
}, 100).unref();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gc.push({ start: performance.timeOrigin + entry.startTime, ms: entry.duration, kind: entry.detail?.kind ?? 0 });
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  if (out) fs.writeFileSync(out, JSON.stringify({ requests, loop, gc }));
});
