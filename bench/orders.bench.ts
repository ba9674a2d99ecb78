/**
 * Admin list, CSV export and sync pull against 100,000 orders in SQLite, through the real server
 * (HTTP on localhost), each next to a raw better-sqlite3 baseline measured in the same run.
 * Budgets: list with search + status p95 <= 20 ms; export of all orders <= 2 s with flat memory;
 * sync pull of 10,000 changes <= 1 s over all pages.
 */
import os from 'node:os';
import SQLite from 'better-sqlite3';
import { ordersCsvLine, type CsvOrder } from '../shared/orders-csv';
import { likeContains } from '../server/orders/order-list.repository';
import { fmt, mb, percentile, startOrdersFixture } from './support/orders-fixture';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
const LIST_RUNS = 200;

const fixture = await startOrdersFixture(ORDER_COUNT);
const { url, adminToken } = fixture;
const headers = { Authorization: `Bearer ${adminToken}` };
const raw = new SQLite(fixture.dbPath, { readonly: true });
console.log(`seeded ${ORDER_COUNT.toLocaleString()} orders in ${(fixture.seedMs / 1000).toFixed(1)} s`);
const load = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`;
console.log(load());

async function timeRequests(path: string, runs: number): Promise<{ p50: number; p95: number; total: number }> {
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < runs + 10; i++) {
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    const body = (await res.json()) as { total: number };
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    if (i >= 10) samples.push(performance.now() - started);
    total = body.total;
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

function timeRaw(run: () => unknown, runs: number): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    const started = performance.now();
    run();
    if (i >= 10) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

// --- Admin list: search term + status filter -------------------------------------------------
console.log('\nadmin list (GET /api/orders, page 1 of 50), p50 / p95 over', LIST_RUNS, 'requests');
const rawPage = raw.prepare(
  `select * from orders where status = ? and search_text like ? escape '\\' order by created_at desc, id desc limit 50`,
);
const rawCount = raw.prepare(`select count(*) as n from orders where status = ? and search_text like ? escape '\\'`);
for (const [status, term] of [
  ['processing', 'smith'],
  ['shipped', 'grafting'],
  ['delivered', 'smith'],
  ['delivered', 'zzz-no-match'],
] as const) {
  const api = await timeRequests(`/api/orders?status=${status}&search=${encodeURIComponent(term)}`, LIST_RUNS);
  const base = timeRaw(() => {
    rawPage.all(status, likeContains(term));
    rawCount.get(status, likeContains(term));
  }, LIST_RUNS);
  console.log(
    `  status=${status.padEnd(10)} search=${term.padEnd(13)} matches ${String(api.total).padStart(6)}: ` +
      `API ${fmt(api.p50)} / ${fmt(api.p95)}   raw SQL baseline ${fmt(base.p50)} / ${fmt(base.p95)}`,
  );
}
const plain = await timeRequests('/api/orders', LIST_RUNS);
console.log(`  no filter (newest 50 of ${plain.total}): API ${fmt(plain.p50)} / ${fmt(plain.p95)}`);
const floor = await timeRequests('/api/version', LIST_RUNS);
console.log(`  HTTP floor baseline (GET /api/version, same server and client): ${fmt(floor.p50)} / ${fmt(floor.p95)}`);

// --- CSV export ------------------------------------------------------------------------------
async function timeExport(query: string) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const res = await fetch(`${url}/api/orders/export.csv${query}`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage();
  return { ms, bytes, records: lines - 1, before, after, peakRss, peakHeap };
}

console.log('\nCSV export (GET /api/orders/export.csv), read as a stream by the client');
const recentFrom = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
for (const [label, query] of [
  ['last 14 days', `?dateFrom=${recentFrom}`],
  ['all orders', ''],
] as const) {
  const r = await timeExport(query);
  console.log(
    `  ${label.padEnd(13)} ${String(r.records).padStart(7)} rows, ${mb(r.bytes)} in ${fmt(r.ms)}; ` +
      `RSS ${mb(r.before.rss)} -> peak ${mb(r.peakRss)} -> ${mb(r.after.rss)}; heap ${mb(r.before.heapUsed)} -> peak ${mb(r.peakHeap)} -> ${mb(r.after.heapUsed)}`,
  );
}
{
  // Floor: one joined query over every order line, formatted with the same CSV code, no HTTP.
  const started = performance.now();
  let bytes = 0;
  let current: { id: string; line: CsvOrder } | null = null;
  const flush = () => {
    if (current) bytes += ordersCsvLine(current.line).length + 2;
  };
  const joined = raw.prepare(
    `select o.id, o.order_number, o.customer_first_name, o.customer_last_name, o.status, o.total_cents, o.created_at, i.device, i.text, i.color, i.font, i.quantity
       from orders o join order_items i on i.order_id = o.id order by o.created_at desc, o.id desc, i.line_no`,
  );
  for (const row of joined.iterate() as Iterable<Record<string, any>>) {
    if (current?.id !== row.id) {
      flush();
      current = {
        id: row.id,
        line: {
          orderNumber: row.order_number,
          customerName: `${row.customer_first_name} ${row.customer_last_name}`,
          status: row.status,
          total: row.total_cents / 100,
          createdAt: new Date(row.created_at).toISOString(),
          items: [],
        },
      };
    }
    current!.line.items.push({ device: row.device, text: row.text, color: row.color, font: row.font, quantity: row.quantity });
  }
  flush();
  console.log(`  raw SQL baseline: one joined better-sqlite3 query + CSV formatting, ${mb(bytes)} in ${fmt(performance.now() - started)}`);
}

// --- Sync pull -------------------------------------------------------------------------------
console.log('\nsync pull (GET /api/sync/orders, limit 500) of the last 10,000 changes');
const maxSeq = (raw.prepare('select max(change_seq) as m from orders').get() as { m: number }).m;
for (let attempt = 0; attempt < 3; attempt++) {
  let cursor = String(maxSeq - 10_000);
  let pages = 0;
  let orders = 0;
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/api/sync/orders?since=${cursor}&limit=500`, { headers });
    const body = (await res.json()) as { orders: unknown[]; cursor: string; hasMore: boolean };
    pages++;
    orders += body.orders.length;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  console.log(`  run ${attempt + 1}: ${orders} orders in ${pages} pages, ${fmt(performance.now() - started)}`);
}
{
  const started = performance.now();
  const rows = raw.prepare('select * from orders where change_seq > ? order by change_seq').all(maxSeq - 10_000) as { id: string }[];
  const itemsOf = raw.prepare('select * from order_items where order_id = ?');
  for (const row of rows) itemsOf.all(row.id);
  console.log(`  raw SQL baseline: ${rows.length} orders with items in ${fmt(performance.now() - started)}`);
}

console.log(`\n${load()}`);
raw.close();
await fixture.close();
