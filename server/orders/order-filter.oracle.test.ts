/**
 * The server's SQL filter (GET /api/orders) against the shared rule the admin's tablet filters
 * with (shared/orders/order-filter.ts `matchesOrderFilter`), over varied orders and many generated
 * filters. Runs on SQLite (project node) and PostgreSQL (project node-pg). The shop's zone has
 * daylight saving and the orders sit around its midnights, so a day taken in UTC or in the
 * machine's zone would disagree.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderView } from '../../shared/api/types';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/order-status';
import { matchesOrderFilter, orderSearchText, resolveOrderFilter } from '../../shared/orders/order-filter';
import { startOfShopDay } from '../../shared/orders/shop-days';
import { orderListQuerySchema } from '../../shared/schemas/orders-query';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { SEARCH_INDEX_BATCH } from './order-search-index';
import { createTestOrder } from './order.test-support';

const ZONE = 'America/New_York';
/** The zone's clocks go back on 1 November 2026: one of these days has 25 hours. */
const DAYS = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03'];
const NAMES: [string, string][] = [['Maya', 'Jama'], ['Tasha', 'Ghouri'], ['Ekin-Su', 'Cülcüloğlu'], ['Davide', 'Sanclimenti'], ['', 'Gemma'], ['Indiyah', 'Polack']];
const TEXTS = ['Grafting', 'My Type On Paper', '100% Muggy', 'under_score', 'Back\\slash', 'ÉTÉ Villa', 'Bombshell'];
/** Around each midnight of the shop: just before, on it, just after, and midday. */
const OFFSETS_MS = [-1000, -1, 0, 1, 1000, 12 * 3600_000];
/** More orders than one search-index batch, so SQLite answers from both its index and the rows not yet in it. */
const ORDER_COUNT = SEARCH_INDEX_BATCH + 22;

let t: TestApp;
let admin: string;
let orders: AdminOrderView[] = [];
/** Tracking numbers an order had before a second one replaced it: no longer found. */
const replaced: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ SHOP_TIME_ZONE: ZONE });
  admin = (await createUserWithToken(t, 'admin')).token;
  const db = t.app.context.db;
  for (let i = 0; i < ORDER_COUNT; i++) {
    const [firstName, lastName] = NAMES[i % NAMES.length]!;
    const day = DAYS[i % DAYS.length]!;
    await createTestOrder(db, {
      createdAt: startOfShopDay(day, ZONE) + OFFSETS_MS[i % OFFSETS_MS.length]!,
      status: ORDER_STATUSES[i % 4 === 0 ? 1 : i % ORDER_STATUSES.length],
      customer: { email: `${(firstName || lastName).toLowerCase()}.${i}@villa.tv`, firstName, lastName, phone: '555-123-4567' },
      items: Array.from({ length: 1 + (i % 3) }, (_, line) => ({ text: `${TEXTS[(i + line) % TEXTS.length]} ${i}` })),
    });
  }
  // Tracking numbers arrive through the status change, as in the print room (some indexed, some not).
  const { orders: listed } = (await t.request('GET', '/api/orders?limit=500', { token: admin })).body as { orders: AdminOrderView[] };
  const ship = async (id: string, trackingNumber: string) => {
    const res = await t.request('PATCH', `/api/orders/${id}/status`, { token: admin, body: { status: 'shipped', trackingNumber } });
    expect(res.status).toBe(200);
  };
  for (const [index, order] of listed.entries()) {
    if (index % 3 !== 0) continue;
    await ship(order.id, `TRK${String(index).padStart(9, 'A')}`);
    if (index % 6 !== 0) continue;
    replaced.push(`TRK${String(index).padStart(9, 'A')}`);
    await ship(order.id, `TRK${String(index).padStart(9, 'B')}`);
  }
  orders = ((await t.request('GET', '/api/orders?limit=500', { token: admin })).body as { orders: AdminOrderView[] }).orders;
  expect(orders).toHaveLength(ORDER_COUNT);
});
afterAll(() => t.close());

const searchTextOf = (order: AdminOrderView) =>
  orderSearchText({
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    itemTexts: order.items.map((item) => item.text),
    trackingNumber: order.trackingNumber,
  });

/** A piece of some order's searchable text in any case, or a term found nowhere, or wildcards. */
const searchArb = fc.oneof(
  fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean()).map(([which, start, length, upper]) => {
    const text = searchTextOf(orders[which % orders.length]!);
    const from = start % text.length;
    const piece = text.slice(from, from + length);
    return upper ? piece.toUpperCase() : piece;
  }),
  fc.constantFrom('%', '_', '\\', '100%', 'der_s', 'k\\s', 'trk', 'TRK', ' maya ', 'zzz', 'é', 'ÉTÉ', '.1'),
  fc.nat().map((i) => replaced[i % replaced.length]!),
);
const dayArb = fc.constantFrom('2026-10-29', ...DAYS, '2026-11-04');
/** An instant near a shop midnight, as an ISO timestamp with a Z or an offset. */
const instantArb = fc.tuple(dayArb, fc.constantFrom(...OFFSETS_MS), fc.boolean()).map(([day, offset, utc]) => {
  const iso = new Date(startOfShopDay(day, ZONE) + offset).toISOString();
  return utc ? iso : iso.replace('Z', '+00:00');
});
const boundArb = fc.option(fc.oneof(dayArb, instantArb), { nil: undefined });
const filterArb = fc.record(
  {
    search: fc.option(searchArb, { nil: undefined }),
    status: fc.option(fc.constantFrom<OrderStatus>(...ORDER_STATUSES), { nil: undefined }),
    dateFrom: boundArb,
    dateTo: boundArb,
  },
  { requiredKeys: [] },
);

describe('GET /api/orders and the shared matchesOrderFilter', () => {
  it('find the same orders for every filter', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb, async (filter) => {
        const params = new URLSearchParams({ limit: '500' });
        for (const [key, value] of Object.entries(filter)) if (value !== undefined) params.set(key, value);
        const res = await t.request('GET', `/api/orders?${params}`, { token: admin });
        const parsed = orderListQuerySchema.safeParse(Object.fromEntries(params));
        if (!parsed.success) {
          // A range ending before it starts: refused, as the schema says.
          expect(res.status).toBe(422);
          return;
        }
        expect(res.status).toBe(200);
        const rule = resolveOrderFilter(parsed.data, ZONE);
        const expected = orders
          .filter((order) => matchesOrderFilter({ ...order, createdAtMs: Date.parse(order.createdAt) }, rule, searchTextOf))
          .map((order) => order.orderNumber)
          .sort();
        const body = res.body as { orders: AdminOrderView[]; total: number };
        expect(body.orders.map((order) => order.orderNumber).sort()).toEqual(expected);
        expect(body.total).toBe(expected.length);
      }),
      { numRuns: 300 },
    );
  });

  it('finds an order by its tracking number, and a day means the shop’s day', async () => {
    const shipped = orders.find((order) => order.trackingNumber)!;
    const byTracking = await t.request('GET', `/api/orders?search=${shipped.trackingNumber!.toLowerCase()}`, { token: admin });
    expect(byTracking.body.orders.map((order: AdminOrderView) => order.id)).toEqual([shipped.id]);

    // The last second before the shop's 1 November is 31 October in New York, already 1 November in UTC.
    const lastSecond = orders.filter((order) => Date.parse(order.createdAt) === startOfShopDay('2026-11-01', ZONE) - 1000);
    expect(lastSecond.length).toBeGreaterThan(0);
    const oct31 = (await t.request('GET', '/api/orders?dateFrom=2026-10-31&dateTo=2026-10-31&limit=500', { token: admin })).body.orders as AdminOrderView[];
    for (const order of lastSecond) expect(oct31.map((o) => o.id)).toContain(order.id);
  });
});
