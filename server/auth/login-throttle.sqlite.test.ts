import { afterEach, describe, expect, it } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import { startTestApp, type TestApp } from '../test/test-app';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle';

const MINUTE = 60_000;
/** Each failed login costs a real scrypt hash; on a busy 2-core machine 20 of them take a while. */
const HASHING_TIMEOUT = 180_000;
const TOO_MANY = { error: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' };

describe('LoginThrottle windows', () => {
  it('slides: a failure stops counting 15 minutes after it happened', () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 5; i++) {
      expect(throttle.attempt('a@example.com', '10.0.0.1').retryAfterSeconds).toBe(0);
      now += MINUTE;
    }
    // Failures at minutes 0..4; at minute 5 the first one leaves the window at minute 15.
    expect(throttle.attempt('a@example.com', '10.0.0.1').retryAfterSeconds).toBe(10 * 60);
    now = 15 * MINUTE;
    expect(throttle.attempt('a@example.com', '10.0.0.1').retryAfterSeconds).toBe(0);
    // That attempt filled the window again (minutes 1..4 and 15).
    expect(throttle.attempt('a@example.com', '10.0.0.1').retryAfterSeconds).toBe(60);
  });

  it("keeps an account usable from another address after a stranger's guesses, up to a looser cap", () => {
    const throttle = new LoginThrottle(() => 0);
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) throttle.attempt('boss@example.com', '203.0.113.9');
    expect(throttle.attempt('boss@example.com', '203.0.113.9').retryAfterSeconds).toBe(15 * 60);
    // The real admin on the print-room tablet is not locked out by someone else's guesses…
    expect(throttle.attempt('boss@example.com', '10.0.0.5').retryAfterSeconds).toBe(0);
    // …but guesses spread over many addresses still meet the account-wide cap.
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) throttle.attempt('boss@example.com', `198.51.100.${i}`);
    expect(throttle.attempt('boss@example.com', '10.0.0.6').retryAfterSeconds).toBeGreaterThan(0);
  });

  it('limits an address across many accounts, and counts no successes for it', () => {
    const now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 10; i++) {
      const { at } = throttle.attempt(`member${i}@example.com`, '10.0.0.2');
      throttle.succeeded(`member${i}@example.com`, '10.0.0.2', at);
    }
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect(throttle.attempt(`guess${i}@example.com`, '10.0.0.2').retryAfterSeconds).toBe(0);
    }
    expect(throttle.attempt('fresh@example.com', '10.0.0.2').retryAfterSeconds).toBe(15 * 60);
    expect(throttle.attempt('fresh@example.com', '10.0.0.3').retryAfterSeconds).toBe(0);
  });
});

describe('login throttling over HTTP', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  }, HASHING_TIMEOUT);

  const login = (email: string, password: string) => t!.request('POST', apiPath('login'), { body: { email, password } });

  it('blocks an account after 5 failures for 15 minutes with Retry-After, then lets it try again', async () => {
    let clock = Date.UTC(2026, 10, 1, 9);
    t = await startTestApp({}, { now: () => clock });
    // Unknown accounts still cost a real hash each, like a wrong password on a real account.
    const failures = await Promise.all(Array.from({ length: 5 }, () => login('Target@example.com', 'guess-1234')));
    expect(failures.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);

    const blocked = await login('target@EXAMPLE.com', 'guess-5678');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(blocked.headers.get('retry-after')).toBe(String(15 * 60));

    // Another account from the same address is not affected.
    expect((await login('someone-else@example.com', 'guess-1234')).status).toBe(401);

    clock += 15 * MINUTE;
    const later = await login('target@example.com', 'guess-9999');
    expect(later.status).toBe(401);
    expect(later.body.error).toBe(AUTH_MESSAGES.invalidCredentials);
  }, HASHING_TIMEOUT);

  it('blocks an address after 20 failures across accounts', async () => {
    t = await startTestApp();
    const guesses = Array.from({ length: 20 }, (_, i) => login(`person${i % 5}-${Math.floor(i / 5)}@example.com`, 'guess-1234'));
    expect((await Promise.all(guesses)).every((response) => response.status === 401)).toBe(true);
    const blocked = await login('new-person@example.com', 'guess-1234');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, HASHING_TIMEOUT);

  it('clears the account count on a successful login', async () => {
    t = await startTestApp();
    const account = { email: 'forgetful@example.com', password: 'the-right-one', firstName: 'Fay', lastName: 'Forgetful' };
    expect((await t.request('POST', apiPath('register'), { body: account })).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await login(account.email, 'wrong-guess')).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(200);
    // Without the reset these would be failures 5 and 6: the second would be refused.
    expect((await login(account.email, 'wrong-again')).status).toBe(401);
    expect((await login(account.email, 'wrong-again')).status).toBe(401);
  }, HASHING_TIMEOUT);
});
