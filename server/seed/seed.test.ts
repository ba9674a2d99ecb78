import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLORS, FONTS, MAX_TEXT_LENGTH, PRODUCT_TYPES } from '../../shared/catalog';
import { computeTotals } from '../../shared/pricing';
import { SPEC_DISCOUNTS } from '../../shared/discount.test-support';
import { addressSchema, customerInfoSchema } from '../../shared/schemas/order';
import { createUserWithToken } from '../auth/auth.test-support';
import { customerNameOf, orderSearchText } from '../../shared/orders/order-filter';
import { insertOrder } from '../orders/order.repository';
import { createTestOrder } from '../orders/order.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { bulkInsertOrders } from './bulk-insert';
import { changeHorizon } from '../orders/change-sequence.repository';
import { generateOrders, type SeedOrder } from './order-generator';
import { bulkInsertVisits, generateVisits } from './visits';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T18:00:00.000Z');
const devices = new Set(PRODUCT_TYPES.flatMap((type) => type.variants));
const colours = new Set(COLORS.map((colour) => colour.name));

describe('generateOrders', () => {
  const orders = generateOrders(1000, { now: NOW, seed: 42 });

  it('makes valid customers, US addresses and catalogue items with server-computed totals', () => {
    for (const order of orders) {
      expect(customerInfoSchema.safeParse(order.customer).success).toBe(true);
      expect(addressSchema.safeParse(order.shippingAddress).success).toBe(true);
      expect(order.items.length).toBeGreaterThanOrEqual(1);
      expect(order.items.length).toBeLessThanOrEqual(3);
      for (const item of order.items) {
        expect(devices.has(item.device)).toBe(true);
        expect(colours.has(item.color)).toBe(true);
        expect(FONTS).toContain(item.font);
        expect(item.text.trim().length).toBeGreaterThan(0);
        expect([...item.text].length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      }
      expect(order.totals).toEqual(computeTotals(order.items, { discount: order.totals.discountCode ? SPEC_DISCOUNTS[order.totals.discountCode as keyof typeof SPEC_DISCOUNTS] : null }));
      expect(order.paymentStatus).toBe('succeeded');
    }
  });

  it('spreads orders over the last year, oldest first, with more of them recently', () => {
    const times = orders.map((order) => order.createdAt);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]!).toBeGreaterThanOrEqual(NOW - 365 * DAY);
    expect(times.at(-1)!).toBeLessThanOrEqual(NOW);
    const lastQuarter = times.filter((t) => t > NOW - 91 * DAY).length;
    const firstQuarter = times.filter((t) => t < NOW - 274 * DAY).length;
    expect(lastQuarter).toBeGreaterThan(firstQuarter);
  });

  it('gives each order a status that fits its age, with shipped orders tracked', () => {
    const ageDays = (order: SeedOrder) => (NOW - order.createdAt) / DAY;
    for (const order of orders) {
      const age = ageDays(order);
      if (order.status === 'cancelled') continue;
      if (age < 2) expect(order.status).toBe('processing');
      if (age >= 14) expect(order.status).toBe('delivered');
      const f = order.fulfillment!;
      if (order.status === 'shipped' || order.status === 'delivered') {
        expect(f.trackingNumber).toMatch(/^TRK[A-Z0-9]{9}$/);
        expect(order.createdAt).toBeLessThanOrEqual(f.printedAt!);
        expect(f.printedAt!).toBeLessThanOrEqual(f.shippedAt!);
        expect(f.shippedAt!).toBeLessThanOrEqual(f.deliveredAt ?? NOW);
        expect(f.deliveredAt ?? NOW).toBeLessThanOrEqual(NOW);
      } else {
        expect(f.trackingNumber).toBeNull();
      }
    }
    const cancelled = orders.filter((order) => order.status === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(10);
    expect(cancelled).toBeLessThan(60);
    const recent = orders.filter((order) => ageDays(order) < 7 && order.status !== 'cancelled');
    expect(new Set(recent.map((order) => order.status))).toEqual(new Set(['processing', 'printed', 'shipped']));
  });

  it('is reproducible from its seed', () => {
    expect(generateOrders(50, { now: NOW, seed: 42 })).toEqual(generateOrders(50, { now: NOW, seed: 42 }));
    expect(generateOrders(50, { now: NOW, seed: 43 })).not.toEqual(generateOrders(50, { now: NOW, seed: 42 }));
  });
});

describe('bulkInsertOrders and the seeded database', () => {
  let t: TestApp;
  const orders = generateOrders(1200, { now: NOW, seed: 7 });
  const [plainOrder] = generateOrders(1, { now: NOW - 30 * DAY, seed: 99 }) as [SeedOrder];

  beforeAll(async () => {
    t = await startTestApp();
    t.app.context.now = () => NOW;
    await createTestOrder(t.app.context.db, { createdAt: NOW - 400 * DAY });
    await bulkInsertOrders(t.app.context.db, orders, { statusHistory: true });
  });
  afterAll(() => t.close());

  it('takes one change_seq per order from the shared counter, in created order, without gaps', async () => {
    const db = t.app.context.db;
    const rows = await db.selectFrom('orders').select(['change_seq', 'created_at', 'version']).orderBy('change_seq').execute();
    expect(rows.map((row) => Number(row.change_seq))).toEqual(Array.from({ length: 1201 }, (_, i) => i + 1));
    // The order written by createTestOrder has only its creation; a seeded one, its fulfillment too.
    expect(rows[0]!.version).toBe(1);
    expect(rows.filter((row) => row.version > 1).length).toBeGreaterThan(1000);
    const created = rows.slice(1).map((row) => Number(row.created_at));
    expect(created).toEqual(orders.map((order) => order.createdAt));
    expect(await changeHorizon(db)).toBe(1201);
    // The next order written the ordinary way carries on from the counter.
    const next = await createTestOrder(db, { createdAt: NOW });
    expect(Number(next.change_seq)).toBe(1202);
  });

  it('writes the status history of each order, ending at its status and version, and every item and the search text', async () => {
    const db = t.app.context.db;
    const history = await db.selectFrom('order_history').innerJoin('orders', 'orders.id', 'order_history.order_id')
      .select(['order_history.order_id', 'order_history.version', 'order_history.from_status', 'order_history.to_status', 'order_history.tracking_number', 'order_history.changed_at', 'orders.status', 'orders.version as orderVersion', 'orders.created_at', 'orders.tracking_number as orderTracking'])
      .orderBy('order_history.order_id').orderBy('order_history.version')
      .execute();
    const byOrder = new Map<string, typeof history>();
    for (const row of history) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
    expect(byOrder.size).toBe(1202);
    for (const rows of byOrder.values()) {
      expect(rows[0]).toMatchObject({ version: 1, from_status: null, changed_at: rows[0]!.created_at });
      rows.forEach((row, index) => {
        expect(row.version).toBe(index + 1);
        if (index > 0) {
          expect(row.from_status).toBe(rows[index - 1]!.to_status);
          expect(Number(row.changed_at)).toBeGreaterThanOrEqual(Number(rows[index - 1]!.changed_at));
        }
        if (row.to_status === 'shipped') expect(row.tracking_number).toBe(row.orderTracking);
      });
      expect(rows.at(-1)).toMatchObject({ to_status: rows[0]!.status, version: rows[0]!.orderVersion });
    }
    const items = await db.selectFrom('order_items').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(orders.reduce((sum, order) => sum + order.items.length, 0) + 2);
    const seeded = await db.selectFrom('orders').selectAll().where('created_at', '=', orders[500]!.createdAt).executeTakeFirstOrThrow();
    expect(seeded.order_number).toMatch(/^VP-[A-Z0-9]{8}$/);
    expect(seeded.search_text).toBe(orderSearchText({
      orderNumber: seeded.order_number,
      customerName: customerNameOf(orders[500]!.customer.firstName, orders[500]!.customer.lastName),
      customerEmail: orders[500]!.customer.email,
      itemTexts: orders[500]!.items.map((item) => item.text),
      trackingNumber: seeded.tracking_number,
    }));
    const numbers = await db.selectFrom('orders').select('order_number').distinct().execute();
    expect(numbers).toHaveLength(1202);
  });

  it('writes the same row as insertOrder for the same order', async () => {
    const db = t.app.context.db;
    const { fulfillment: _ignored, ...newOrder } = plainOrder;
    const written = await db.transaction().execute((trx) => insertOrder(trx, newOrder));
    const viaRepository = await db.selectFrom('orders').selectAll().where('id', '=', written.id).executeTakeFirstOrThrow();
    await bulkInsertOrders(db, [newOrder]);
    const viaBulk = await db.selectFrom('orders').selectAll().orderBy('change_seq', 'desc').limit(1).executeTakeFirstOrThrow();
    const comparable = (row: Record<string, unknown>) => {
      const { id: _id, order_number: _number, change_seq: _seq, search_text: search, ...rest } = row;
      return { ...rest, search: String(search).split('\n').slice(1) };
    };
    expect(comparable(viaBulk)).toEqual(comparable(viaRepository));
  });

  it('gives the dashboard a full year to show', async () => {
    const visits = generateVisits(orders, { conversion: 0.05, seed: 3 });
    await bulkInsertVisits(t.app.context.db, visits);
    // Inserting the same visits again adds nothing: one visit per visitor per day.
    await bulkInsertVisits(t.app.context.db, visits.map((visit) => ({ ...visit, id: `${visit.id}-again` })));
    const stored = await t.app.context.db.selectFrom('analytics_events').select(t.app.context.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(visits.length);

    const { token } = await createUserWithToken(t, 'admin');
    const res = await t.request('GET', '/api/orders/analytics?range=1y', { token });
    expect(res.status).toBe(200);
    const sales = orders.filter((order) => order.status !== 'cancelled' && order.createdAt >= Date.parse('2025-11-22')).length;
    // Plus the order placed now and the two copies of plainOrder written by insertOrder and bulk.
    expect(res.body.totalOrders).toBe(sales + 1 + (plainOrder.status === 'cancelled' ? 0 : 2));
    expect(res.body.conversionRate).toBeGreaterThan(0.02);
    expect(res.body.conversionRate).toBeLessThan(0.1);
    expect(res.body.topProducts).toHaveLength(5);
    expect(res.body.statusCounts.delivered).toBeGreaterThan(res.body.statusCounts.processing);
    // The placed-to-shipped time comes from the seeded history: a few days, never empty.
    expect(res.body.processingTime?.shippedOrders).toBeGreaterThan(100);
    expect(res.body.processingTime?.averageDays).toBeGreaterThan(0.5);
    expect(res.body.processingTime?.averageDays).toBeLessThan(5);
  });
});
