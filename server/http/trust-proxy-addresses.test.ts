import { afterEach, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../limits/anonymous-limits';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * TRUST_PROXY as a list of the proxies' addresses: only a listed peer's X-Forwarded-For and
 * X-Forwarded-Proto are believed. A client reaching the shop's port directly (not listed) is
 * limited by its own address whatever it writes, and cannot claim HTTPS.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const report = (forwardedFor: string) => t!.request('POST', '/api/errors', { body: { message: 'Boom' }, headers: { 'X-Forwarded-For': forwardedFor } });

async function useUpBudgetOf(forwardedFor: string) {
  for (let i = 0; i < ANONYMOUS_LIMITS.errorReports.points; i++) expect((await report(forwardedFor)).status).toBe(202);
  expect((await report(forwardedFor)).status).toBe(429);
}

async function deviceCookie(proto: string): Promise<string> {
  const account = { email: `owner-${Date.now()}@example.com`, password: 'a long enough password', firstName: 'Olive', lastName: 'Owner' };
  expect((await t!.request('POST', '/api/auth/register', { body: account })).status).toBe(201);
  const login = await t!.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password }, headers: { 'X-Forwarded-Proto': proto } });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((cookie) => cookie.includes('path=/api/auth')) ?? '';
}

it('a listed proxy (the test client\'s own address) is believed: each forwarded client has its own budget, and HTTPS is taken from it', async () => {
  t = await startTestApp({ TRUST_PROXY: '127.0.0.1,10.0.0.2' });
  await useUpBudgetOf('203.0.113.1');
  expect((await report('203.0.113.2')).status).toBe(202);
  // What a client wrote left of the address the proxies saw changes nothing.
  expect((await report('198.51.100.9, 203.0.113.1')).status).toBe(429);
  expect((await report('203.0.113.1, 10.0.0.2')).status).toBe(429);
  expect(await deviceCookie('https')).toMatch(/;\s*secure/i);
});

it('a peer that is not listed is limited by its own address, whatever X-Forwarded-For says, and cannot claim HTTPS', async () => {
  t = await startTestApp({ TRUST_PROXY: '10.0.0.2,10.0.0.3' });
  await useUpBudgetOf('203.0.113.1');
  expect((await report('203.0.113.2')).status).toBe(429);
  expect((await report('10.0.0.2')).status).toBe(429);
  expect(await deviceCookie('https')).not.toMatch(/;\s*secure/i);
});
