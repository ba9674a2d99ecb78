import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import { createApp, type RunningApp } from '../app';
import { loadConfig } from '../config/config';
import { startTestApp, type TestApp } from '../test/test-app';

// Real scrypt hashes (~0.3 s each, several seconds on a busy machine): generous limits, no timing asserted.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ADMIN_ENV = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'bootstrap-secret-1' };

let t: TestApp | undefined;
let restarted: RunningApp | undefined;
afterEach(async () => {
  await restarted?.close();
  await t?.close();
  restarted = t = undefined;
});

/** A second server process on the same database, as after a restart. */
function restartOn(running: TestApp, env: Record<string, string>): Promise<RunningApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: running.databaseUrl,
    WEB_DIST_DIR: path.join(path.dirname(running.dbPath), 'dist'),
    ...env,
  });
  return createApp(config);
}

async function superAdminEmails(app: RunningApp): Promise<string[]> {
  const rows = await app.context.db.selectFrom('users').select('email').where('role', '=', 'super_admin').execute();
  return rows.map((row) => row.email);
}

describe('bootstrap admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates the super_admin at start-up, which can sign in; setup is then closed', async () => {
    t = await startTestApp(ADMIN_ENV);
    expect((await t.request('GET', apiPath('authStatus'))).body).toEqual({ setupRequired: false });
    const setup = await t.request('POST', apiPath('authSetup'), {
      body: { email: 'other@example.com', password: 'another-password', firstName: 'O', lastName: 'T' },
    });
    expect(setup.status).toBe(409);
    expect(setup.body.error).toBe(AUTH_MESSAGES.setupDone);

    const login = await t.request('POST', apiPath('login'), { body: { email: 'boss@example.com', password: ADMIN_ENV.ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'super_admin', email: 'boss@example.com' });
  });

  it('does not create a second admin on restart, even with another ADMIN_EMAIL', async () => {
    t = await startTestApp(ADMIN_ENV);
    restarted = await restartOn(t, ADMIN_ENV);
    expect(await superAdminEmails(restarted)).toEqual(['boss@example.com']);
    await restarted.close();
    restarted = await restartOn(t, { ADMIN_EMAIL: 'someone-new@example.com', ADMIN_PASSWORD: 'different-secret' });
    expect(await superAdminEmails(restarted)).toEqual(['boss@example.com']);
  });

  it('turns an existing customer account with ADMIN_EMAIL into the super_admin and ends its sessions', async () => {
    t = await startTestApp();
    const registered = await t.request('POST', apiPath('register'), {
      body: { email: 'boss@example.com', password: 'customer-password', firstName: 'Bo', lastName: 'Ss' },
    });
    expect(registered.status).toBe(201);

    restarted = await restartOn(t, ADMIN_ENV);
    expect(await superAdminEmails(restarted)).toEqual(['boss@example.com']);
    // The customer's open session no longer works.
    expect((await t.request('GET', apiPath('verify'), { token: registered.body.token })).status).toBe(401);
    expect((await t.request('GET', apiPath('authStatus'))).body).toEqual({ setupRequired: false });
  });

  it('leaves setup open when ADMIN_EMAIL is not set', async () => {
    t = await startTestApp();
    expect((await t.request('GET', apiPath('authStatus'))).body).toEqual({ setupRequired: true });
    expect(await superAdminEmails(t.app)).toEqual([]);
  });

  it('lets only one of two simultaneous setups create an admin', async () => {
    t = await startTestApp();
    const body = (email: string) => ({ email, password: 'first-admin-pw', firstName: 'Fi', lastName: 'Rst' });
    const answers = await Promise.all([
      t.request('POST', apiPath('authSetup'), { body: body('one@example.com') }),
      t.request('POST', apiPath('authSetup'), { body: body('two@example.com') }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await superAdminEmails(t.app)).toHaveLength(1);
  });
});
