import { afterEach, describe, expect, it } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { ANONYMOUS_LIMITS } from '../limits/anonymous-limits';
import { startTestApp, type TestApp } from '../test/test-app';
import { LOGIN_LIMITS } from './login-throttle';
import { WEAK_PASSWORD_MESSAGE } from './password-strength';

const OWNER = { email: 'owner@example.com', password: 'villa-summer-2026', firstName: 'Olive', lastName: 'Owner' };
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A request from `address` (the server trusts X-Forwarded-For here, as behind the TLS proxy). */
function from(address: string, method: string, path: string, body: unknown, cookie?: string) {
  return t!.request(method, path, { body, headers: { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) } });
}

const deviceCookie = (setCookie: string | null) => /vp_device=[^;]+/.exec(setCookie ?? '')?.[0];

describe('a login that strangers cannot use to lock out the owner', () => {
  it("keeps the owner's device and known address working after guesses from many addresses fill the account's cap", async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    expect((await from('10.0.0.1', 'POST', apiPath('authSetup'), OWNER)).status).toBe(201);
    const signedIn = await from('10.0.0.1', 'POST', apiPath('login'), { email: OWNER.email, password: OWNER.password });
    expect(signedIn.status).toBe(200);
    const cookie = deviceCookie(signedIn.headers.get('set-cookie'));
    expect(cookie).toBeDefined();
    expect(signedIn.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(signedIn.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);

    // 5 wrong passwords from each of 10+ addresses: the account-wide cap for strangers is full.
    const strangers = Math.ceil(LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndAddress) + 1;
    for (let i = 0; i < strangers; i++) {
      await Promise.all(
        Array.from({ length: LOGIN_LIMITS.perAccountAndAddress }, () => from(`203.0.113.${i + 1}`, 'POST', apiPath('login'), { email: OWNER.email, password: 'guess-1234' })),
      );
    }
    const stranger = await from('198.51.100.7', 'POST', apiPath('login'), { email: OWNER.email, password: OWNER.password });
    expect(stranger.status).toBe(429);

    // The owner's tablet (device cookie) from a new address, and the known address without the cookie, still sign in.
    const device = await from('192.0.2.50', 'POST', apiPath('login'), { email: OWNER.email, password: OWNER.password }, cookie);
    expect(device.status).toBe(200);
    expect(device.body.token).toEqual(expect.any(String));
    const knownAddress = await from('10.0.0.1', 'POST', apiPath('login'), { email: OWNER.email, password: OWNER.password });
    expect(knownAddress.status).toBe(200);
  }, 120_000);

  it('still throttles wrong passwords from a trusted device, on their own count', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    await from('10.0.0.1', 'POST', apiPath('authSetup'), OWNER);
    const cookie = deviceCookie((await from('10.0.0.1', 'POST', apiPath('login'), { email: OWNER.email, password: OWNER.password })).headers.get('set-cookie'));
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await from('10.0.0.9', 'POST', apiPath('login'), { email: OWNER.email, password: 'wrong-one' }, cookie)).status);
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  }, 120_000);
});

describe('registration and setup', () => {
  it('throttles registration per address with 429 and Retry-After', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    const { points } = ANONYMOUS_LIMITS.register;
    for (let i = 0; i < points; i++) {
      const response = await from('203.0.113.5', 'POST', apiPath('register'), { ...OWNER, email: `fan${i}@example.com` });
      expect(response.status).toBe(201);
    }
    const refused = await from('203.0.113.5', 'POST', apiPath('register'), { ...OWNER, email: 'one-more@example.com' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.app.context.db.selectFrom('users').select('id').where('email', '=', 'one-more@example.com').executeTakeFirst()).toBeUndefined();
    // Another address is not affected.
    expect((await from('203.0.113.6', 'POST', apiPath('register'), { ...OWNER, email: 'elsewhere@example.com' })).status).toBe(201);
  }, 120_000);

  it('throttles setup attempts per address', async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    for (let i = 0; i < ANONYMOUS_LIMITS.setup.points; i++) {
      expect((await from('203.0.113.8', 'POST', apiPath('authSetup'), { email: 'x' })).status).toBe(422);
    }
    const refused = await from('203.0.113.8', 'POST', apiPath('authSetup'), OWNER);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it.each(['12345678', 'password1', 'qwertyuiop', 'iloveyou1'])('refuses the common password %s with a clear 422, creating nobody', async (password) => {
    t = await startTestApp();
    for (const route of ['register', 'authSetup'] as const) {
      const response = await t.request('POST', apiPath(route), { body: { ...OWNER, password } });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ code: 'WEAK_PASSWORD', error: WEAK_PASSWORD_MESSAGE, errors: [{ path: 'password', message: WEAK_PASSWORD_MESSAGE }] });
    }
    expect(await t.app.context.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it("refuses a password made of the person's own details", async () => {
    t = await startTestApp();
    const response = await t.request('POST', apiPath('register'), { body: { ...OWNER, email: 'olivegarden@example.com', password: 'olivegarden' } });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('WEAK_PASSWORD');
  });
});
