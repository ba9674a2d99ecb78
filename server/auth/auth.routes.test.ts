import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import { startTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from './auth.test-support';
import { startSession } from './session.service';

// Real scrypt hashes (~0.3 s each, several seconds on a busy machine): generous limits, no timing asserted.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// One server for the whole file: the steps build on each other (setup before register, …).
// Each real login or registration costs one scrypt hash (~0.3 s), so there are only a few.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const admin = { email: 'Owner@Example.com', password: 'correct horse battery', firstName: 'Olive', lastName: 'Owner' };
const customer = { email: 'Casey.Fan@Example.COM', password: 'villa-summer-2026', firstName: 'Casey', lastName: 'Fan', phone: '555-123-4567' };

describe('first admin setup', () => {
  it('reports setup as required while no admin exists', async () => {
    const response = await t.request('GET', apiPath('authStatus'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ setupRequired: true });
  });

  it('refuses an incomplete setup with the spec messages and creates nothing', async () => {
    const short = await t.request('POST', apiPath('authSetup'), { body: { ...admin, password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ error: AUTH_MESSAGES.passwordTooShort, code: 'VALIDATION_ERROR' });
    const noName = await t.request('POST', apiPath('authSetup'), { body: { ...admin, firstName: '  ' } });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toContainEqual({ path: 'firstName', message: 'First name is required' });
    expect((await t.request('GET', apiPath('authStatus'))).body).toEqual({ setupRequired: true });
  });

  it('creates the first super_admin once, signed in, and then answers 409', async () => {
    const response = await t.request('POST', apiPath('authSetup'), { body: admin });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ role: 'super_admin', email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' });
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).not.toHaveProperty('passwordHash');
    expect(response.text).not.toContain('scrypt');

    const verify = await t.request('GET', apiPath('verify'), { token: response.body.token });
    expect(verify.body).toMatchObject({ valid: true, user: { role: 'super_admin' } });
    expect((await t.request('GET', apiPath('authStatus'))).body).toEqual({ setupRequired: false });

    const again = await t.request('POST', apiPath('authSetup'), { body: { ...admin, email: 'intruder@example.com' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: AUTH_MESSAGES.setupDone, code: 'SETUP_COMPLETE' });
  });
});

describe('registration', () => {
  let token: string;

  it('creates a customer with a lower-cased email and signs them in', async () => {
    const response = await t.request('POST', apiPath('register'), { body: customer });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      role: 'customer',
      email: 'casey.fan@example.com',
      firstName: 'Casey',
      lastName: 'Fan',
      phone: '555-123-4567',
    });
    token = response.body.token;
    const verify = await t.request('GET', apiPath('verify'), { token });
    expect(verify.body).toEqual({ valid: true, user: response.body.user });
  });

  it('answers 409 for an email already registered, whatever its case', async () => {
    const response = await t.request('POST', apiPath('register'), { body: { ...customer, email: 'CASEY.FAN@example.com' } });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: AUTH_MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it('lets only one of two simultaneous registrations of an email through', async () => {
    const body = { ...customer, email: 'twins@example.com' };
    const answers = await Promise.all([
      t.request('POST', apiPath('register'), { body }),
      t.request('POST', apiPath('register'), { body: { ...body, email: 'TWINS@example.com' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('rejects a short password, a bad email and missing names with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...customer, email: 'new@example.com', password: '1234567' }, AUTH_MESSAGES.passwordTooShort],
      [{ ...customer, email: 'not-an-email' }, 'Invalid email format'],
      [{ ...customer, email: '' }, 'Email is required'],
      [{ ...customer, email: 'new@example.com', lastName: '' }, 'Last name is required'],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('POST', apiPath('register'), { body });
      expect(response.status).toBe(422);
      expect(response.body.error).toBe(message);
    }
  });

  it("gives a customer's token 403 on an admin route; no token gets 401", async () => {
    const asCustomer = await t.request('GET', apiPath('listOrders'), { token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe('FORBIDDEN');
    const anonymous = await t.request('GET', apiPath('listOrders'));
    expect(anonymous.status).toBe(401);
    const { token: adminToken } = await createUserWithToken(t, 'admin');
    expect((await t.request('GET', apiPath('listOrders'), { token: adminToken })).status).toBe(200);
  });
});

describe('login', () => {
  it('answers 400 "Please fill in all fields" when a field is missing or empty, without counting a failure', async () => {
    for (const body of [{}, { email: customer.email }, { email: '', password: 'x' }, { email: customer.email, password: '' }]) {
      const response = await t.request('POST', apiPath('login'), { body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(AUTH_MESSAGES.fillAllFields);
    }
    const notAnObject = await t.request('POST', apiPath('login'), { rawBody: 'null' });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.error).toBe(AUTH_MESSAGES.fillAllFields);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    const wrong = await t.request('POST', apiPath('login'), { body: { email: customer.email, password: 'not-the-password' } });
    const unknown = await t.request('POST', apiPath('login'), { body: { email: 'nobody@example.com', password: customer.password } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: AUTH_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('signs in with the email in any case and returns a working token', async () => {
    const response = await t.request('POST', apiPath('login'), {
      body: { email: '  CASEY.fan@example.com ', password: customer.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ role: 'customer', email: 'casey.fan@example.com' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const verify = await t.request('GET', apiPath('verify'), { token: response.body.token });
    expect(verify.body.valid).toBe(true);
  });
});

describe('stored hashes with older parameters', () => {
  it('still sign in, and are upgraded to the current parameters', async () => {
    const { user } = await createUserWithToken(t, 'admin', { email: 'old-hash@example.com' });
    const salt = randomBytes(16);
    const key = scryptSync('an-old-password', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const oldHash = `scrypt$10$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    await t.app.context.db.updateTable('users').set({ password_hash: oldHash }).where('id', '=', user.id).execute();

    const response = await t.request('POST', apiPath('login'), { body: { email: 'old-hash@example.com', password: 'an-old-password' } });
    expect(response.status).toBe(200);
    const row = await t.app.context.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    // The configured cost (17 in production; tests configure a cheaper one).
    expect(row.password_hash.startsWith(`scrypt$${t.app.context.config.passwordHashCost}$8$1$`)).toBe(true);
  });
});

describe('verify and logout', () => {
  it('answers 401 {valid:false} without a token or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await t.request('GET', apiPath('verify'), { token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ valid: false, code: 'UNAUTHORIZED', error: 'Authentication required. Please log in.' });
    }
  });

  it('revokes the session: the token stops working, other sessions keep working', async () => {
    const first = await createUserWithToken(t, 'customer');
    // A second session of the same user, as from another device.
    const other = await startSession(t.app.context, first.user.id);

    const logout = await t.request('POST', apiPath('logout'), { token: first.token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });

    expect((await t.request('GET', apiPath('verify'), { token: first.token })).status).toBe(401);
    expect((await t.request('POST', apiPath('logout'), { token: first.token })).status).toBe(401);
    expect((await t.request('GET', apiPath('verify'), { token: other })).body).toMatchObject({ valid: true });
  });

  it('requires a token to log out', async () => {
    const response = await t.request('POST', apiPath('logout'));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});
