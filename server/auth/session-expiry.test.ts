import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { startTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from './auth.test-support';

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.UTC(2026, 10, 1, 12);
let t: TestApp;

// 3 idle days and 7 days at most, so the two limits are easy to tell apart.
beforeAll(async () => {
  t = await startTestApp({ SESSION_IDLE_DAYS: '3', SESSION_MAX_DAYS: '7' }, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

async function isValid(token: string): Promise<boolean> {
  const response = await t.request('GET', apiPath('verify'), { token });
  expect([200, 401]).toContain(response.status);
  return response.body.valid === true;
}

/**
 * The server records a session's use without making the answer wait (session.service.ts), so a
 * test that moves the clock on waits for that write first, as a later request would find it.
 */
async function touchLanded(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const row = await t.app.context.db.selectFrom('sessions').select('last_seen_at').orderBy('last_seen_at', 'desc').executeTakeFirst();
    if (row && Number(row.last_seen_at) === clock) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the session use was never recorded');
}

describe('session lifetime', () => {
  it('ends a session left unused for longer than the idle limit', async () => {
    const { token } = await createUserWithToken(t, 'customer');
    clock += 3 * DAY - 60_000;
    expect(await isValid(token)).toBe(true);
    await touchLanded();
    // That use restarted the idle clock: three more days minus a minute are still fine.
    clock += 3 * DAY - 60_000;
    expect(await isValid(token)).toBe(true);
    await touchLanded();
    clock += 3 * DAY + 1000;
    expect(await isValid(token)).toBe(false);
    // Once idle-expired it stays expired, even if used again.
    expect(await isValid(token)).toBe(false);
  });

  it('ends a session at its absolute limit even when used every day', async () => {
    const { token } = await createUserWithToken(t, 'admin');
    for (let day = 1; day < 7; day++) {
      clock += DAY;
      expect(await isValid(token)).toBe(true);
      await touchLanded();
    }
    clock += DAY;
    expect(await isValid(token)).toBe(false);
    const adminRoute = await t.request('GET', apiPath('listOrders'), { token });
    expect(adminRoute.status).toBe(401);
  });

  it('lets an expired token log out no longer (401), while a fresh one still can', async () => {
    const stale = await createUserWithToken(t, 'customer');
    clock += 4 * DAY;
    expect((await t.request('POST', apiPath('logout'), { token: stale.token })).status).toBe(401);
    const fresh = await createUserWithToken(t, 'customer');
    expect((await t.request('POST', apiPath('logout'), { token: fresh.token })).body).toEqual({ success: true });
  });
});
