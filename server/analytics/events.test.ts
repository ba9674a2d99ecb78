import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_LIMITS } from '../../shared/schemas/analytics';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

const NOW = Date.parse('2026-11-21T23:59:00.000Z');

let t: TestApp;
let adminToken: string;

const events = () => t.app.context.db.selectFrom('analytics_events').selectAll().orderBy('created_at').execute();

beforeAll(async () => {
  t = await startTestApp();
  t.app.context.now = () => NOW;
  adminToken = (await createUserWithToken(t, 'admin')).token;
});
afterAll(() => t.close());

describe('analytics of an empty shop', () => {
  it('is all zeros with a zero conversion rate when nobody visited', async () => {
    const res = await t.request('GET', '/api/orders/analytics?range=30d', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRevenue: 0, totalOrders: 0, averageOrderValue: 0, conversionRate: 0, topProducts: [], recentActivity: [] });
    expect(Object.values(res.body.statusCounts)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(res.body.chartData).toHaveLength(30);
    expect(res.body.chartData.at(-1)).toEqual({ date: '2026-11-21', revenue: 0, orders: 0 });
  });
});

describe('POST /api/analytics/events', () => {
  it('counts one visit per visitor per UTC day', async () => {
    for (const visitorId of ['alice', 'alice', 'bob', 'alice']) {
      const res = await t.request('POST', '/api/analytics/events', { body: { type: 'visit', visitorId } });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: true });
    }
    // Two minutes later it is the next UTC day: alice counts again.
    t.app.context.now = () => NOW + 120_000;
    await t.request('POST', '/api/analytics/events', { body: { type: 'visit', visitorId: 'alice' } });
    t.app.context.now = () => NOW;

    const visits = (await events()).filter((e) => e.type === 'visit');
    expect(visits.map((v) => [v.visitor_id, v.day])).toEqual([
      ['alice', '2026-11-21'],
      ['bob', '2026-11-21'],
      ['alice', '2026-11-22'],
    ]);
    const analytics = await t.request('GET', '/api/orders/analytics?range=7d', { token: adminToken });
    expect(analytics.body.conversionRate).toBe(0); // visitors but no orders yet
  });

  it('records a purchase with its order number and value in cents', async () => {
    const res = await t.request('POST', '/api/analytics/events', {
      body: { type: 'purchase', visitorId: 'alice', orderNumber: 'VP-ABCD2345', value: 12.92, currency: 'USD', items: [{ device: 'iPhone 14', quantity: 2 }] },
    });
    expect(res.status).toBe(202);
    const purchase = (await events()).find((e) => e.type === 'purchase');
    expect(purchase).toMatchObject({ visitor_id: 'alice', order_number: 'VP-ABCD2345', value_cents: 1292, day: '2026-11-21' });
  });

  it.each([
    ['an unknown type', { type: 'click', visitorId: 'x' }, 'Event type must be visit or purchase'],
    ['no visitor id', { type: 'visit' }, 'Visitor ID is required'],
    ['a blank visitor id', { type: 'visit', visitorId: '  ' }, 'Visitor ID is required'],
    ['an over-long visitor id', { type: 'visit', visitorId: 'x'.repeat(101) }, 'Visitor ID must be at most 100 characters'],
    ['a negative value', { type: 'purchase', visitorId: 'x', value: -1 }, 'Invalid purchase value'],
    ['a text value', { type: 'purchase', visitorId: 'x', value: '12' }, 'Invalid purchase value'],
  ])('refuses %s with 422 and stores nothing', async (_label, body, message) => {
    const before = (await events()).length;
    const res = await t.request('POST', '/api/analytics/events', { body });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
    expect((await events()).length).toBe(before);
  });
});

describe('POST /api/errors', () => {
  const report = {
    message: "Cannot read properties of undefined (reading 'map')",
    stack: 'TypeError: Cannot read properties of undefined\n    at Gallery (gallery.tsx:12:5)',
    componentStack: '\n    at Gallery\n    at App',
    eventId: 'ERR-1763769540000-ab12cd',
    timestamp: '2026-11-21T23:59:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    url: 'http://localhost:8080/gallery',
  };

  it('stores the report of anyone and answers 202 with its id', async () => {
    const res = await t.request('POST', '/api/errors', { body: report });
    expect(res.status).toBe(202);
    expect(res.body.id).toEqual(expect.any(String));
    const stored = await t.app.context.db.selectFrom('error_reports').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({
      id: res.body.id,
      message: report.message,
      stack: report.stack,
      component_stack: report.componentStack,
      event_id: report.eventId,
      reported_at: report.timestamp,
      user_agent: report.userAgent,
      url: report.url,
      created_at: NOW,
    });
  });

  it('accepts a report with only a message and cuts over-long texts to their limits', async () => {
    const minimal = await t.request('POST', '/api/errors', { body: { message: 'Boom' } });
    expect(minimal.status).toBe(202);
    const long = await t.request('POST', '/api/errors', { body: { ...report, stack: 's'.repeat(40_000), timestamp: 1763769540000 } });
    expect(long.status).toBe(202);
    const stored = await t.app.context.db.selectFrom('error_reports').selectAll().where('id', '=', long.body.id).executeTakeFirstOrThrow();
    expect(stored.stack).toHaveLength(ERROR_REPORT_LIMITS.stack);
    expect(stored.reported_at).toBe('1763769540000');
  });

  it.each([
    ['no message', { stack: 'x' }],
    ['a blank message', { message: '   ' }],
    ['a message that is not text', { message: { text: 'x' } }],
    ['a stack that is not text', { message: 'x', stack: 42 }],
  ])('refuses %s with 422 and stores nothing', async (_label, body) => {
    const before = await t.app.context.db.selectFrom('error_reports').select('id').execute();
    const res = await t.request('POST', '/api/errors', { body });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const after = await t.app.context.db.selectFrom('error_reports').select('id').execute();
    expect(after.length).toBe(before.length);
  });
});
