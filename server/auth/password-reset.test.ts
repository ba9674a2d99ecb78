import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LIFETIME_MS, STAFF_MESSAGES } from '../../shared/schemas/staff';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/mail.test-support';
import { accountMailEnv, mailTo, mailsTo, quietPeriod, registerCustomer, tokenIn } from '../staff/staff.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { WEAK_PASSWORD_MESSAGE } from './password-strength';
import { RESET_LIMITS } from './password-reset.service';

// On SQLite in the `node` project, and on PostgreSQL in `node-pg` (vitest.config.ts).
let smtp: TestSmtpServer;
let t: TestApp;
let clockOffset = 0;
let clients = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ ...accountMailEnv(smtp), TRUST_PROXY: '1' }, { now: () => Date.now() + clockOffset });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each test asks from its own client address, so the per-client throttle is its own. */
function client() {
  const address = `198.51.100.${++clients}`;
  return {
    ask: (email: string) => t.request('POST', '/api/auth/password-reset', { body: { email }, headers: { 'X-Forwarded-For': address } }),
    confirm: (token: string, password: string) => t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password }, headers: { 'X-Forwarded-For': address } }),
  };
}

const NEW_PASSWORD = 'velvet lantern harbour 7';
const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } });

describe('password reset by e-mail (design.md §9)', () => {
  it('mails a link to the real SMTP server that sets a new password and signs in exactly once, ending other sessions', async () => {
    const { token: oldSession, password } = await registerCustomer(t, 'reset-me@example.com');
    const { ask, confirm } = client();

    const asked = await ask('Reset-Me@Example.com');
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: STAFF_MESSAGES.resetRequested });

    const mail = await mailTo(smtp, 'reset-me@example.com', 'Reset your Villa Prints password');
    const token = tokenIn(mail, '/reset-password');
    expect(mail.raw).toContain('Hi Maya,');
    // Only the token's hash is kept.
    const stored = await t.app.context.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const done = await confirm(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: 'reset-me@example.com', role: 'customer' });
    expect((await t.request('GET', '/api/auth/verify', { token: done.body.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/verify', { token: oldSession })).status).toBe(401);
    expect((await login('reset-me@example.com', password)).status).toBe(401);
    expect((await login('reset-me@example.com', NEW_PASSWORD)).status).toBe(200);

    const again = await confirm(token, 'another fine password 99');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_RESET_TOKEN', error: STAFF_MESSAGES.resetLinkUsed });
    expect((await login('reset-me@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an unknown address with the same 202 and body, and sends nothing', async () => {
    await registerCustomer(t, 'known@example.com');
    const { ask } = client();
    const known = await ask('known@example.com');
    const unknown = await ask('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    await mailTo(smtp, 'known@example.com', 'Reset your');
    await quietPeriod();
    expect(mailsTo(smtp, 'nobody-here@example.com')).toEqual([]);
  });

  it('refuses an expired link and an unknown one with 400 and a clear message', async () => {
    await registerCustomer(t, 'late@example.com');
    const { ask, confirm } = client();
    await ask('late@example.com');
    const token = tokenIn(await mailTo(smtp, 'late@example.com', 'Reset your'), '/reset-password');
    clockOffset = RESET_LIFETIME_MS + 1_000;
    try {
      const expired = await confirm(token, NEW_PASSWORD);
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe(STAFF_MESSAGES.resetLinkExpired);
    } finally {
      clockOffset = 0;
    }
    const unknown = await confirm('x'.repeat(43), NEW_PASSWORD);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(STAFF_MESSAGES.resetLinkUnknown);
  });

  it('refuses a weak or short password with the registration’s message and keeps the link usable', async () => {
    await registerCustomer(t, 'weak@example.com');
    const { ask, confirm } = client();
    await ask('weak@example.com');
    const token = tokenIn(await mailTo(smtp, 'weak@example.com', 'Reset your'), '/reset-password');
    const weak = await confirm(token, 'password123');
    expect(weak.status).toBe(422);
    expect(weak.body.error).toBe(WEAK_PASSWORD_MESSAGE);
    const short = await confirm(token, 'abc');
    expect(short.status).toBe(422);
    expect(short.body.errors[0]).toEqual({ path: 'password', message: 'Password must be at least 8 characters' });
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('throttles per address: past the limit it still answers 202 but sends nothing', async () => {
    await registerCustomer(t, 'flooded@example.com');
    const answers = [];
    for (let i = 0; i < RESET_LIMITS.perAccount.points + 3; i++) answers.push(await client().ask('flooded@example.com'));
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(202));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await mailTo(smtp, 'flooded@example.com', 'Reset your', RESET_LIMITS.perAccount.points);
    await quietPeriod();
    expect(mailsTo(smtp, 'flooded@example.com')).toHaveLength(RESET_LIMITS.perAccount.points);
  });

  it('throttles per client address: one client cannot mail address after address', async () => {
    const emails = Array.from({ length: RESET_LIMITS.perClient.points + 2 }, (_, i) => `spray-${i}@example.com`);
    for (const email of emails) await registerCustomer(t, email);
    const { ask } = client();
    for (const email of emails) expect((await ask(email)).status).toBe(202);
    await mailTo(smtp, emails[RESET_LIMITS.perClient.points - 1]!, 'Reset your');
    await quietPeriod();
    const mailed = emails.filter((email) => mailsTo(smtp, email).length > 0);
    expect(mailed).toEqual(emails.slice(0, RESET_LIMITS.perClient.points));
  });

  it('answers 422 for a malformed address, and 400 for a confirm without a token', async () => {
    const { ask, confirm } = client();
    expect((await ask('not-an-email')).status).toBe(422);
    expect((await confirm('', NEW_PASSWORD)).status).toBe(422);
  });
});
