import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_REPORT_LIMITS } from '../../shared/schemas/analytics';
import { pruneErrorReports } from '../analytics/error-report.retention';
import { startTestApp, type TestApp } from '../test/test-app';
import { ANONYMOUS_LIMITS } from './anonymous-limits';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const from = (address: string, path: string, body: unknown) => t!.request('POST', path, { body, headers: { 'X-Forwarded-For': address } });
const count = async (table: 'error_reports' | 'analytics_events') =>
  Number((await t!.app.context.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/errors from anonymous clients', () => {
  it('answers 429 with Retry-After past the per-address budget and stores nothing more', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    for (let i = 0; i < ANONYMOUS_LIMITS.errorReports.points; i++) expect((await from('203.0.113.1', '/api/errors', { message: `Boom ${i}` })).status).toBe(202);
    const refused = await from('203.0.113.1', '/api/errors', { message: 'Boom again' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('error_reports')).toBe(ANONYMOUS_LIMITS.errorReports.points);
    expect((await from('203.0.113.2', '/api/errors', { message: 'Elsewhere' })).status).toBe(202);
  });

  it('keeps a message to 1 KB and each stack to 8 KB of UTF-8, cut at a character boundary', async () => {
    t = await startTestApp();
    const response = await t.request('POST', '/api/errors', { body: { message: 'é'.repeat(5_000), stack: '🔥'.repeat(10_000), componentStack: 'x'.repeat(20_000) } });
    expect(response.status).toBe(202);
    const row = await t.app.context.db.selectFrom('error_reports').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
    expect(Buffer.byteLength(row.message)).toBe(1_024);
    expect(row.message).toBe('é'.repeat(512));
    expect(Buffer.byteLength(row.stack!)).toBe(8_192);
    expect(row.stack).toBe('🔥'.repeat(2_048));
    expect(row.component_stack).toHaveLength(ERROR_REPORT_LIMITS.componentStack);
  });

  it('keeps a bounded number of reports, the newest, and none past the retention age', async () => {
    t = await startTestApp();
    const db = t.app.context.db;
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, message: 'm', stack: null, component_stack: null, event_id: null, reported_at: null, user_agent: null, url: null, created_at: 1_000 + i }));
    await db.insertInto('error_reports').values(rows).execute();
    await pruneErrorReports(db, 2_000, { maxReports: 10, maxAgeMs: 990 });
    const kept = await db.selectFrom('error_reports').select('id').orderBy('created_at').execute();
    expect(kept.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i + 20}`));
    await pruneErrorReports(db, 1_000_000, { maxReports: 10, maxAgeMs: 1_000 });
    expect(await db.selectFrom('error_reports').select('id').execute()).toEqual([]);
  });
});

describe('POST /api/analytics/events from anonymous clients', () => {
  it('answers 429 with Retry-After past the per-address budget', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const { points } = ANONYMOUS_LIMITS.analyticsEvents;
    const answers = await Promise.all(Array.from({ length: points + 5 }, (_, i) => from('203.0.113.3', '/api/analytics/events', { type: 'purchase', visitorId: `v${i}` })));
    expect(answers.filter((response) => response.status === 202)).toHaveLength(points);
    const refused = answers.filter((response) => response.status === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('analytics_events')).toBe(points);
  });

  it('counts at most a day’s budget of new visitors from one address, so random ids cannot move the conversion rate', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const { points } = ANONYMOUS_LIMITS.newVisitors;
    for (let i = 0; i < points + 15; i++) {
      expect((await from('203.0.113.4', '/api/analytics/events', { type: 'visit', visitorId: `random-${i}` })).status).toBe(202);
    }
    expect((await from('198.51.100.9', '/api/analytics/events', { type: 'visit', visitorId: 'a-real-shopper' })).status).toBe(202);
    const visits = await t.app.context.db.selectFrom('analytics_events').select('visitor_id').where('type', '=', 'visit').execute();
    expect(visits).toHaveLength(points + 1);
    expect(visits.map((visit) => visit.visitor_id)).toContain('a-real-shopper');
  });
});
