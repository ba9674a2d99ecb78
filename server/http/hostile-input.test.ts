import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import type { Database } from '../db/schema';
import { checkoutBody } from '../payments/payment.test-support';
import { hostileRequest, type HostileRequest } from '../test/hostile-input';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Property: whatever an outsider sends to any route, the answer is never a 5xx, every error is
 * JSON in design.md §3's shape, and a refused request changes no row. `HOSTILE_RUNS` sets how many
 * requests (the normal run: 500, a few seconds; `npm run test:soak`: 20,000).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 500);
const WATCHED: (keyof Database)[] = [
  'orders', 'order_items', 'order_history', 'users', 'payment_intents', 'payment_refunds', 'test_gateway_intents',
  'test_gateway_refunds', 'error_reports', 'analytics_events', 'idempotency_keys', 'applied_mutations', 'trusted_logins',
];
/** Routes that answer 2xx to any body by design: a text check, and logout (which ignores its body). */
const ANSWERS_ANY_BODY = new Set(['validateText', 'logout']);

let t: TestApp;
let adminToken: string;
let orderId: string;
const errorsLogged: unknown[] = [];

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createUserWithToken(t, 'admin')).token;
  const placed = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa') });
  orderId = (await t.app.context.db.selectFrom('orders').select('id').where('order_number', '=', placed.body.order.orderNumber).executeTakeFirstOrThrow()).id;
  vi.spyOn(t.app.context.logger, 'error').mockImplementation((...args) => void errorsLogged.push(args));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function snapshot(): Promise<string> {
  const db = t.app.context.db;
  const counts = await Promise.all(WATCHED.map((table) => db.selectFrom(table as 'orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()));
  const orders = await db.selectFrom('orders').select(['id', 'version', 'status', 'refunded_cents', 'tracking_number']).orderBy('id').execute();
  return JSON.stringify([counts.map((row) => Number(row.n)), orders]);
}

async function send(request: HostileRequest) {
  const headers = { ...request.headers };
  // Logout with the admin's token would end the session every other run relies on.
  if (request.asAdmin && request.route !== 'logout') headers.Authorization = `Bearer ${adminToken}`;
  let body: string | undefined;
  if (request.body && 'json' in request.body) body = JSON.stringify(request.body.json);
  else if (request.body) body = request.body.raw;
  const response = await fetch(t.url + request.path, { method: request.method, headers, body });
  // The live order events never end by design: their status and headers are the answer.
  const streams = response.headers.get('content-type')?.startsWith('text/event-stream');
  if (streams) await response.body?.cancel();
  const text = streams ? '' : await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', nosniff: response.headers.get('x-content-type-options'), text };
}

describe('hostile input to every route', () => {
  it(`never answers 5xx, always JSON errors, and changes nothing when it refuses (${RUNS} requests)`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileRequest([orderId]), async (request) => {
        const before = await snapshot();
        const answer = await send(request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.status, `${request.method} ${request.path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        expect(answer.nosniff).toBe('nosniff');
        if (answer.status >= 400) {
          expect(answer.type).toContain('application/json');
          const parsed = JSON.parse(answer.text) as { error?: unknown; code?: unknown };
          expect(typeof parsed.error).toBe('string');
          expect(parsed.code).toMatch(/^[A-Z0-9_]+$/);
          // A refused payment (402) records the attempt on purpose: a retry with its key is told the same.
          if (answer.status !== 402) expect(await snapshot(), `${request.method} ${request.path} changed rows`).toBe(before);
        }
        const malformed = request.body !== undefined && request.method !== 'GET' && !request.nearValid;
        if (malformed && !ANSWERS_ANY_BODY.has(request.route)) expect(answer.status, `${request.method} ${request.path}`).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
    );
    if (process.env.HOSTILE_VERBOSE) console.log(JSON.stringify([...statuses]));
    expect(errorsLogged).toEqual([]);
    // Enough of the runs got past validation's front door to mean something.
    expect([...statuses.keys()].some((status) => status === 422)).toBe(true);
    expect([...statuses.keys()].some((status) => status === 400)).toBe(true);
  }, 600_000);
});
