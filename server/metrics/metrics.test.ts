import { randomUUID } from 'node:crypto';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../auth/auth.test-support';
import { createTestOrder } from '../orders/order.test-support';
import { checkoutBody } from '../payments/payment.test-support';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_PORT: '0' });
});
afterAll(() => t.close());

async function scrape(): Promise<Map<string, ParsedFamily>> {
  const response = await fetch(t.app.metricsUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return new Map(parsePrometheusTextFormat(await response.text()).map((family) => [family.name, family]));
}

/** The value of the counter's or gauge's sample whose labels include `labels`; 0 when absent. */
function valueOf(families: Map<string, ParsedFamily>, name: string, labels: Record<string, string> = {}): number {
  const sample = families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return Number(sample?.value ?? 0);
}

describe('GET /metrics (METRICS_PORT)', () => {
  it('is Prometheus text whose counters move with the requests made', async () => {
    const before = await scrape();
    await t.request('GET', '/api/health');
    await t.request('GET', '/api/health');
    await t.request('GET', '/api/no-such-route');
    const placed = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa'), headers: { 'Idempotency-Key': randomUUID() } });
    expect(placed.status).toBe(201);
    const declined = await t.request('POST', '/api/checkout', { body: checkoutBody('pm_card_visa_chargeDeclined'), headers: { 'Idempotency-Key': randomUUID() } });
    expect(declined.status).toBe(402);
    const { token } = await createUserWithToken(t, 'admin');
    const order = await createTestOrder(t.app.context.db);
    const push = (status: string) => ({ id: randomUUID(), orderId: order.id, type: 'setStatus', status, baseVersion: 1, at: new Date().toISOString() });
    const pushed = await t.request('POST', '/api/sync/push', { token, body: { mutations: [push('printed'), push('shipped')] } });
    expect(pushed.body.results.map((result: { result: string }) => result.result)).toEqual(['applied', 'conflict']);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('shop_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    expect(moved('shop_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(moved('shop_http_requests_total', { method: 'POST', route: '/api/checkout', status: '201' })).toBe(1);
    expect(moved('shop_checkouts_total', { outcome: 'placed' })).toBe(1);
    expect(moved('shop_checkouts_total', { outcome: 'declined' })).toBe(1);
    // The parser keeps a labelled histogram's buckets, not its labels: their presence is what it can tell.
    for (const histogram of ['shop_http_request_duration_seconds', 'shop_gateway_request_duration_seconds']) {
      expect(after.get(histogram)?.type).toBe('HISTOGRAM');
      expect(Object.keys(after.get(histogram)?.metrics[0]?.buckets ?? {})).toContain('+Inf');
    }
    expect(moved('shop_gateway_errors_total', { call: 'chargeIntent' })).toBe(0);
    expect(moved('shop_sync_pushes_total')).toBe(1);
    expect(moved('shop_sync_mutations_total', { result: 'conflict' })).toBe(1);
    expect(moved('shop_sync_mutations_total', { result: 'applied' })).toBe(1);
    // The placed order's confirmation is in the outbox or already sent: never failed.
    expect(valueOf(after, 'shop_mail_outbox_depth', { state: 'failed' })).toBe(0);
    expect(after.get('shop_mail_outbox_depth')?.type).toBe('GAUGE');
    expect(after.get('nodejs_eventloop_lag_seconds')?.type).toBe('GAUGE');
    expect(after.get('shop_database_errors_total')?.type).toBe('COUNTER');
    // No backups configured: no age to report.
    expect(after.get('shop_backup_age_seconds')?.metrics ?? []).toEqual([]);
  });

  it('answers only GET /metrics, and is off without METRICS_PORT', async () => {
    expect((await fetch(t.app.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
    expect(new URL(t.app.metricsUrl!).hostname).toBe('127.0.0.1');
    const off = await startTestApp();
    try {
      expect(off.app.metricsUrl).toBeNull();
    } finally {
      await off.close();
    }
  });
});
