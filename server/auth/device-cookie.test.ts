import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../shared/api/routes';
import { startTestApp, type TestApp } from '../test/test-app';

/** A login neither echoes nor trusts a client-chosen `vp_device` cookie. */
const OWNER = { email: 'owner@example.com', password: 'villa-summer-2026', firstName: 'Olive', lastName: 'Owner' };
const PLANTED = 'vp_device=attacker-chosen-device-token-123';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect((await t.request('POST', apiPath('authSetup'), { body: OWNER })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const deviceCookie = (setCookie: string | null) => /vp_device=[^;]+/.exec(setCookie ?? '')?.[0];
const logIn = (cookie?: string) => t.request('POST', apiPath('login'), { body: { email: OWNER.email, password: OWNER.password }, headers: cookie ? { Cookie: cookie } : {} });

it('issues its own device token instead of the one a client chose', async () => {
  const signedIn = await logIn(PLANTED);
  expect(signedIn.status).toBe(200);
  const issued = deviceCookie(signedIn.headers.get('set-cookie'));
  expect(issued).toMatch(/^vp_device=[\w-]{20,}$/);
  expect(issued).not.toBe(PLANTED);
  // The planted token was never remembered as a device of the account.
  const devices = await t.app.context.db.selectFrom('trusted_logins').select('key_hash').where('kind', '=', 'device').execute();
  expect(devices).toHaveLength(1);

  // The token it issued is kept on the next login from that device.
  expect(deviceCookie((await logIn(issued)).headers.get('set-cookie'))).toBe(issued);
});
