import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from '../payments/payment.test-support';
import { startReverseProxy, type ReverseProxy } from '../test/nginx';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * design.md §8: several stateless server processes over one PostgreSQL, behind Debian's nginx picking
 * a process at random for every request. Checkouts (some retried with their Idempotency-Key while the
 * first try is still under way), admin status changes (PATCH and sync push, each sent twice) and sync
 * pulls all go through the proxy: every order and change must land exactly once, and a client pulling
 * all along must see every change, in order.
 */
const PROCESSES = 3;
const ORDERS = 24;
const RETRIED_CHECKOUTS = 6;
const ADMIN = { email: 'owner@example.com', password: 'Villa-Prints-Owner-2026' };

let postgres: TemporaryPostgres;
let databaseUrl: string;
let servers: ServerProcess[] = [];
let proxy: ReverseProxy;
let tempDir: string;

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-multi-'));
  postgres = await startTemporaryPostgres();
  databaseUrl = await postgres.createDatabase();
  const env = {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    WEB_DIST_DIR: path.join(tempDir, 'dist'),
  };
  // All at once, as a deployment starts them: migrations and the first admin must not race.
  servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServerProcess(env)));
  proxy = await startReverseProxy(servers.map((server) => server.url));
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}, 60_000);

async function call(method: string, urlPath: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(proxy.url + urlPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Runs `tasks` with at most `limit` under way at once. */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

interface PulledOrder {
  id: string;
  version: number;
  status: string;
}

/** A sync client pulling through the proxy until told to stop, keeping what every page said. */
function startPuller(token: string) {
  const pages: { cursor: number; orders: PulledOrder[] }[] = [];
  let cursor = '0';
  let stopping = false;
  const pullOnce = async () => {
    const { status, body } = await call('GET', `/api/sync/orders?since=${cursor}&limit=5`, { token });
    expect(status).toBe(200);
    pages.push({ cursor: Number(body.cursor), orders: body.orders.map((o: PulledOrder) => ({ id: o.id, version: o.version, status: o.status })) });
    cursor = body.cursor;
    return body.hasMore as boolean;
  };
  const running = (async () => {
    while (!stopping) {
      const more = await pullOnce();
      if (!more) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    while (await pullOnce()) {
      // drain what is left
    }
  })();
  return {
    pages,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

describe('three server processes over one PostgreSQL behind nginx', () => {
  it('lands every order and status change exactly once and every pull sees every change in order', async () => {
    const login = await call('POST', '/api/auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    const token: string = login.body.token;
    // A session made by one process is known to every process.
    for (const server of servers) {
      const verify = await fetch(`${server.url}/api/auth/verify`, { headers: { Authorization: `Bearer ${token}` } });
      expect(verify.status).toBe(200);
    }

    const puller = startPuller(token);
    try {
      const orders = await placeOrders(token);
      await printAndShip(token, orders);
    } finally {
      await puller.stop();
    }
    await expectEachChangeOnceAndPulledInOrder(puller.pages);

    // nginx spread the requests over every process.
    expect(new Set(proxy.upstreamsUsed()).size).toBe(PROCESSES);
  }, 180_000);
});

/** Checkouts, some sent twice at once with one key (a client retrying while the first is under way). */
async function placeOrders(token: string) {
  const checkout = (key: string, index: number) =>
    call('POST', '/api/checkout', { body: checkoutBody('pm_card_visa', [1 + (index % 3)]), headers: { 'Idempotency-Key': key } });
  const numbers = await inParallel(
    Array.from({ length: ORDERS }, (_, index) => async () => {
      const key = `multi-checkout-${index}`;
      const tries = index < RETRIED_CHECKOUTS ? await Promise.all([checkout(key, index), checkout(key, index)]) : [await checkout(key, index)];
      for (const attempt of tries) expect([200, 201], JSON.stringify(attempt.body)).toContain(attempt.status);
      const answered = new Set(tries.map((attempt) => attempt.body.order.orderNumber as string));
      expect(answered.size).toBe(1);
      return [...answered][0]!;
    }),
    6,
  );
  expect(new Set(numbers).size).toBe(ORDERS);
  const listed = await call('GET', `/api/orders?limit=${ORDERS + 10}`, { token });
  expect(listed.body.total).toBe(ORDERS);
  return listed.body.orders as { id: string; orderNumber: string }[];
}

/** Each order printed by PATCH and then shipped by a sync push, each request sent twice at once. */
async function printAndShip(token: string, orders: { id: string; orderNumber: string }[]) {
  await inParallel(
    orders.map((order) => async () => {
      const patch = () =>
        call('PATCH', `/api/orders/${order.id}/status`, { token, body: { status: 'printed' }, headers: { 'Idempotency-Key': `print-${order.id}` } });
      const printed = await Promise.all([patch(), patch()]);
      for (const answer of printed) expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 200 });
      expect(printed[0]!.body.order.version).toBe(printed[1]!.body.order.version);
      const mutation = {
        id: `ship-${order.id}`,
        orderId: order.id,
        type: 'setStatus',
        status: 'shipped',
        trackingNumber: `TRK${order.orderNumber.slice(-9)}`,
        baseVersion: printed[0]!.body.order.version,
        at: new Date().toISOString(),
      };
      const push = () => call('POST', '/api/sync/push', { token, body: { mutations: [mutation] } });
      const pushed = await Promise.all([push(), push()]);
      expect(pushed.map((answer) => answer.body.results[0].result).sort()).toEqual(['applied', 'duplicate']);
    }),
    6,
  );
}

async function expectEachChangeOnceAndPulledInOrder(pages: { cursor: number; orders: PulledOrder[] }[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const charges = await client.query("SELECT count(*)::int AS n FROM test_gateway.test_gateway_intents WHERE status = 'succeeded'");
    expect(charges.rows[0].n).toBe(ORDERS);
    const history = await client.query(
      "SELECT to_status, count(*)::int AS n, count(DISTINCT order_id)::int AS orders FROM order_history WHERE to_status IN ('printed', 'shipped') GROUP BY to_status ORDER BY to_status",
    );
    expect(history.rows).toEqual([
      { to_status: 'printed', n: ORDERS, orders: ORDERS },
      { to_status: 'shipped', n: ORDERS, orders: ORDERS },
    ]);
    // Pages come in cursor order and each order's versions only grow; the last one seen is the final state.
    const lastPulled = new Map<string, PulledOrder>();
    let previousCursor = 0;
    for (const page of pages) {
      expect(page.cursor).toBeGreaterThanOrEqual(previousCursor);
      previousCursor = page.cursor;
      for (const order of page.orders) {
        const before = lastPulled.get(order.id);
        if (before) expect(order.version).toBeGreaterThan(before.version);
        lastPulled.set(order.id, order);
      }
    }
    const finalState = await client.query('SELECT id, version, status FROM orders');
    expect(finalState.rows).toHaveLength(ORDERS);
    for (const row of finalState.rows) {
      expect(lastPulled.get(row.id)).toEqual({ id: row.id, version: Number(row.version), status: 'shipped' });
    }
  } finally {
    await client.end();
  }
}
