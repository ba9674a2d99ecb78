import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { startTestApp, type TestApp } from '../test/test-app';
import { LOGIN_LIMITS } from '../auth/login-throttle';
import { postgresPoolOf } from '../db/database';
import { ANONYMOUS_LIMITS } from './anonymous-limits';
import { createRateLimit } from './rate-limit';

let cluster: TemporaryPostgres;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  const url = await cluster.createDatabase();
  // Two server processes of one shop, as behind nginx (design.md §8).
  first = await startTestApp({ DATABASE_URL: url });
  second = await startTestApp({ DATABASE_URL: url });
}, 60_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await cluster?.stop();
});

describe('limits shared by several processes on PostgreSQL', () => {
  it("count one client's requests across processes", async () => {
    const { points } = ANONYMOUS_LIMITS.errorReports;
    const answers = [];
    for (let i = 0; i < points + 4; i++) {
      const app = i % 2 === 0 ? first : second;
      answers.push((await app.request('POST', '/api/errors', { body: { message: `Boom ${i}` } })).status);
    }
    expect(answers.filter((status) => status === 202)).toHaveLength(points);
    expect(answers.slice(points)).toEqual([429, 429, 429, 429]);
  });

  it('count failed logins across processes, and keep the sliding-window answer shape (429 with Retry-After)', async () => {
    const statuses = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const app = i % 2 === 0 ? first : second;
      statuses.push((await app.request('POST', '/api/auth/login', { body: { email: 'target@example.com', password: `guess-${i}` } })).status);
    }
    expect(statuses).toEqual(Array(LOGIN_LIMITS.perAccountAndAddress).fill(401));
    for (const app of [first, second]) {
      const refused = await app.request('POST', '/api/auth/login', { body: { email: 'target@example.com', password: 'one-more-guess' } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('read the longest wait of several keys, whichever process counted them', async () => {
    const options = { name: 'any-key', points: 2, windowSeconds: 600 };
    const counting = createRateLimit({ ...options, store: { kind: 'postgres', pool: postgresPoolOf(first.app.context.db)! } });
    const reading = createRateLimit({ ...options, store: { kind: 'postgres', pool: postgresPoolOf(second.app.context.db)! } });
    await counting.consume('card:pm_1');
    expect(await reading.waitForAny(['address:203.0.113.9', 'card:pm_1'])).toBe(0);
    await counting.consume('card:pm_1');
    const wait = await reading.waitForAny(['address:203.0.113.9', 'card:pm_1']);
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await reading.waitForAny(['address:203.0.113.9', 'card:pm_2'])).toBe(0);

    // Checkouts reading at the same moment each get the wait of their own keys.
    const together = await Promise.all([
      reading.waitForAny(['address:203.0.113.10', 'card:pm_2']),
      reading.waitForAny(['address:203.0.113.11', 'card:pm_1']),
      reading.waitForAny(['card:pm_1']),
      reading.waitForAny(['address:203.0.113.10']),
    ]);
    expect(together.map((seconds) => seconds > 500)).toEqual([false, true, true, false]);
  });

  it('count in the process while PostgreSQL does not answer, and the longest wait still holds', async () => {
    // Nothing listens on port 9: every statement fails, as when PostgreSQL is away.
    const away = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', connectionTimeoutMillis: 500 });
    try {
      const limit = createRateLimit({ name: 'away', points: 1, windowSeconds: 60, store: { kind: 'postgres', pool: away } });
      expect(await limit.consume('card:pm_away')).toBe(0);
      expect(await limit.waitForAny(['address:203.0.113.7', 'other'])).toBe(0);
      expect(await limit.waitForAny(['address:203.0.113.7', 'card:pm_away'])).toBeGreaterThan(0);
    } finally {
      await away.end();
    }
  });
});
