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

describe('session lifetime', () => {
  it('ends a session left unused for longer than the idle limit', async () => {
    const { token } = await createUserWithToken(t, 'customer');
    clock += 3 * DAY - 60_000;
    expect(await isValid(token)).toBe(true);
    // That use restarted the idle clock: three more days minus a minute are still fine.
    clock += 3 * DAY - 60_000;
    expect(await isValid(token)).toBe(true);
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
