import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_LIFETIME_MS, STAFF_MESSAGES } from '../../shared/schemas/staff';
import { createUserWithToken } from '../auth/auth.test-support';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/mail.test-support';
import { startTestApp, type TestApp } from '../test/test-app';
import { accountMailEnv, mailTo, mailsTo, quietPeriod, registerCustomer, tokenIn } from './staff.test-support';

// On SQLite in the `node` project, and on PostgreSQL in `node-pg` (vitest.config.ts).
let smtp: TestSmtpServer;
let t: TestApp;
let owner: { token: string; user: { id: number } };
let clockOffset = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ ...accountMailEnv(smtp), TRUST_PROXY: '1' }, { now: () => Date.now() + clockOffset });
  owner = await createUserWithToken(t, 'super_admin', { firstName: 'Olive', lastName: 'Owner' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const PASSWORD = 'copper meadow signal 5';
const invite = (email: string, role: 'admin' | 'super_admin', token = owner.token) => t.request('POST', '/api/admin/staff/invites', { token, body: { email, role } });
const accept = (inviteToken: string, password = PASSWORD) => t.request('POST', '/api/auth/invite/accept', { body: { token: inviteToken, firstName: 'Anna', lastName: 'Staff', password } });
const change = (id: number, body: object, token = owner.token) => t.request('PATCH', `/api/admin/staff/${id}`, { token, body });
const list = (token = owner.token) => t.request('GET', '/api/admin/staff', { token });
const login = (email: string, password = PASSWORD) => t.request('POST', '/api/auth/login', { body: { email, password } });

/** Invites `email`, accepts the mailed link, and returns the new staff member's session. */
async function hire(email: string, role: 'admin' | 'super_admin') {
  expect((await invite(email, role)).status).toBe(201);
  const link = tokenIn(await mailTo(smtp, email, 'invited'), '/admin/invite');
  const accepted = await accept(link);
  expect(accepted.status).toBe(201);
  return { token: accepted.body.token as string, user: accepted.body.user as { id: number; role: string }, link };
}

describe('staff calls are for super_admins only', () => {
  it('answers 401 without a session and 403 to an admin or a customer, for every staff call', async () => {
    const admin = await createUserWithToken(t, 'admin');
    const customer = await createUserWithToken(t, 'customer');
    const calls = [
      (token?: string) => t.request('GET', '/api/admin/staff', { token }),
      (token?: string) => t.request('POST', '/api/admin/staff/invites', { token, body: { email: 'x@example.com', role: 'admin' } }),
      (token?: string) => t.request('PATCH', `/api/admin/staff/${owner.user.id}`, { token, body: { active: false } }),
      (token?: string) => t.request('POST', '/api/admin/staff/invites/withdraw', { token, body: { email: 'x@example.com' } }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      expect((await call(admin.token)).status).toBe(403);
      expect((await call(customer.token)).status).toBe(403);
    }
    expect(mailsTo(smtp, 'x@example.com')).toEqual([]);
    expect((await list()).body.staff.find((member: { id: number }) => member.id === owner.user.id).active).toBe(true);
  });
});

describe('inviting staff', () => {
  it('mails a 72-hour link; accepting it once creates the account in the chosen role and signs it in', async () => {
    const sent = await invite('Anna@Example.com', 'admin');
    expect(sent.status).toBe(201);
    expect(sent.body.invite).toMatchObject({ email: 'anna@example.com', role: 'admin', expired: false });
    expect(Date.parse(sent.body.invite.expiresAt) - Date.parse(sent.body.invite.invitedAt)).toBe(INVITE_LIFETIME_MS);
    expect((await list()).body.invites).toContainEqual(expect.objectContaining({ email: 'anna@example.com', role: 'admin' }));

    const mail = await mailTo(smtp, 'anna@example.com', 'invited');
    expect(mail.raw).toContain('Olive Owner invited you');
    const link = tokenIn(mail, '/admin/invite');
    const shown = await t.request('POST', '/api/auth/invite', { body: { token: link } });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ email: 'anna@example.com', role: 'admin' });

    const accepted = await accept(link);
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email: 'anna@example.com', role: 'admin', firstName: 'Anna' });
    expect((await t.request('GET', '/api/orders', { token: accepted.body.token })).status).toBe(200);
    expect((await login('anna@example.com')).status).toBe(200);

    const twice = await accept(link, 'another strong pass 77');
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(STAFF_MESSAGES.inviteUsed);
    expect((await t.request('POST', '/api/auth/invite', { body: { token: link } })).status).toBe(400);
    const after = (await list()).body;
    expect(after.invites.map((open: { email: string }) => open.email)).not.toContain('anna@example.com');
    expect(after.staff).toContainEqual(expect.objectContaining({ email: 'anna@example.com', role: 'admin', active: true }));
  });

  it('refuses an expired invitation, and a new one to the same address replaces the old link', async () => {
    await invite('late-staff@example.com', 'admin');
    const first = tokenIn(await mailTo(smtp, 'late-staff@example.com', 'invited'), '/admin/invite');
    clockOffset = INVITE_LIFETIME_MS + 1_000;
    try {
      const expired = await accept(first);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ code: 'INVALID_INVITE', error: STAFF_MESSAGES.inviteExpired });
      expect((await list()).body.invites).toContainEqual(expect.objectContaining({ email: 'late-staff@example.com', expired: true }));
    } finally {
      clockOffset = 0;
    }
    await invite('late-staff@example.com', 'super_admin');
    const second = tokenIn(await mailTo(smtp, 'late-staff@example.com', 'invited', 2), '/admin/invite');
    expect((await accept(first)).body.error).toBe(STAFF_MESSAGES.inviteUnknown);
    const accepted = await accept(second);
    expect(accepted.status).toBe(201);
    expect(accepted.body.user.role).toBe('super_admin');
  });

  it('withdraws an open invitation: its link stops working at once; nothing to withdraw is 404', async () => {
    await invite('wrong-address@example.com', 'super_admin');
    const link = tokenIn(await mailTo(smtp, 'wrong-address@example.com', 'invited'), '/admin/invite');
    const withdrawn = await t.request('POST', '/api/admin/staff/invites/withdraw', { token: owner.token, body: { email: 'Wrong-Address@example.com' } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ withdrawn: 'wrong-address@example.com' });
    expect((await list()).body.invites.map((open: { email: string }) => open.email)).not.toContain('wrong-address@example.com');
    const refused = await accept(link);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(STAFF_MESSAGES.inviteUnknown);
    expect((await login('wrong-address@example.com')).status).toBe(401);

    const again = await t.request('POST', '/api/admin/staff/invites/withdraw', { token: owner.token, body: { email: 'wrong-address@example.com' } });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: STAFF_MESSAGES.inviteNotFound });
    const invalid = await t.request('POST', '/api/admin/staff/invites/withdraw', { token: owner.token, body: { email: 'not-an-address' } });
    expect(invalid.status).toBe(422);
  });

  it('turns a customer of the invited address into staff, keeping the account, and refuses inviting staff again', async () => {
    const customer = await registerCustomer(t, 'shopper-turned-staff@example.com');
    const hired = await hire('shopper-turned-staff@example.com', 'admin');
    expect(hired.user.id).toBe(customer.user.id);
    expect((await t.request('GET', '/api/auth/verify', { token: customer.token })).status).toBe(401);
    const again = await invite('shopper-turned-staff@example.com', 'admin');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(STAFF_MESSAGES.alreadyStaff);
  });

  it('refuses a weak password with the registration’s message, and an invite without a valid role', async () => {
    await invite('weak-staff@example.com', 'admin');
    const link = tokenIn(await mailTo(smtp, 'weak-staff@example.com', 'invited'), '/admin/invite');
    expect((await accept(link, 'password1')).status).toBe(422);
    expect((await accept(link)).status).toBe(201);
    const badRole = await t.request('POST', '/api/admin/staff/invites', { token: owner.token, body: { email: 'r@example.com', role: 'customer' } });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0].message).toBe(STAFF_MESSAGES.roleRequired);
  });
});

describe('roles and deactivation', () => {
  it('deactivation ends the account’s sessions at once and stops sign-in and reset; reactivation lets it sign in again', async () => {
    const staff = await hire('deactivate-me@example.com', 'admin');
    expect((await t.request('GET', '/api/orders', { token: staff.token })).status).toBe(200);

    const off = await change(staff.user.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.member).toMatchObject({ email: 'deactivate-me@example.com', active: false });
    expect((await t.request('GET', '/api/orders', { token: staff.token })).status).toBe(401);
    const refused = await login('deactivate-me@example.com');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(STAFF_MESSAGES.deactivated);

    expect((await t.request('POST', '/api/auth/password-reset', { body: { email: 'deactivate-me@example.com' }, headers: { 'X-Forwarded-For': '192.0.2.77' } })).status).toBe(202);
    await quietPeriod();
    expect(mailsTo(smtp, 'deactivate-me@example.com').filter((mail) => mail.subject.includes('Reset'))).toEqual([]);

    expect((await change(staff.user.id, { active: true })).body.member.active).toBe(true);
    expect((await login('deactivate-me@example.com')).status).toBe(200);
  });

  it('changes a role at once: a super_admin made admin loses the staff calls', async () => {
    const other = await hire('second-owner@example.com', 'super_admin');
    expect((await list(other.token)).status).toBe(200);
    const demoted = await change(other.user.id, { role: 'admin' });
    expect(demoted.body.member.role).toBe('admin');
    expect((await list(other.token)).status).toBe(403);
    expect((await t.request('GET', '/api/orders', { token: other.token })).status).toBe(200);
  });

  it('never lets the shop lock itself out: not yourself, not the last active super_admin', async () => {
    const self = await change(owner.user.id, { active: false });
    expect(self.status).toBe(409);
    expect(self.body.error).toBe(STAFF_MESSAGES.notYourself);
    expect((await change(owner.user.id, { role: 'admin' })).status).toBe(409);

    const partner = await hire('partner@example.com', 'super_admin');
    const supers = (await list()).body.staff.filter((member: { role: string; active: boolean; id: number }) => member.role === 'super_admin' && member.active && member.id !== owner.user.id && member.id !== partner.user.id);
    for (const member of supers) expect((await change(member.id, { role: 'admin' })).status).toBe(200);
    // The last two super_admins demote each other at the same moment: exactly one of them wins.
    const both = await Promise.all([change(partner.user.id, { role: 'admin' }, owner.token), change(owner.user.id, { role: 'admin' }, partner.token)]);
    expect(both.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
    const lost = both.find((answer) => answer.status !== 200)!;
    if (lost.status === 409) expect(lost.body.error).toBe(STAFF_MESSAGES.lastSuperAdmin);
    else expect(lost.status).toBe(403);
    const owners = (await t.request('GET', '/api/admin/staff', { token: both[0]!.status === 200 ? owner.token : partner.token })).body.staff.filter((member: { role: string; active: boolean }) => member.role === 'super_admin' && member.active);
    expect(owners).toHaveLength(1);
    if (both[1]!.status === 200) expect((await change(owner.user.id, { role: 'super_admin' }, partner.token)).status).toBe(200);
  });

  it('answers 404 for a customer or an unknown id, and 422 for an empty change', async () => {
    const customer = await createUserWithToken(t, 'customer');
    expect((await change(customer.user.id, { role: 'admin' })).status).toBe(404);
    expect((await change(999_999, { active: false })).status).toBe(404);
    expect((await change(owner.user.id, {})).status).toBe(422);
  });
});
