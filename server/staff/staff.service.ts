import type { AuthResponse, User } from '../../shared/api/types';
import type { InviteLookupAnswer, StaffInviteView, StaffListAnswer, StaffMemberView } from '../../shared/api/staff-answers';
import { INVITE_LIFETIME_MS, STAFF_MESSAGES, type AcceptInviteInput, type StaffChangeInput, type StaffInviteInput } from '../../shared/schemas/staff';
import type { AppContext } from '../app-context';
import { ADMIN_ROLES } from '../http/auth.guards';
import { findUserByEmail, insertUserUnlessEmailTaken } from '../auth/auth.repository';
import { emailTaken, hashRequestFor, normalizeEmail } from '../auth/auth.service';
import { endPasswordResets } from '../auth/password-reset.repository';
import { assertStrongPassword } from '../auth/password-strength';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/session.repository';
import { startSession, toUser } from '../auth/session.service';
import { generateSessionToken, hashSessionToken } from '../auth/session-token';
import type { UserRow } from '../auth/user.table';
import { lockUntilCommit } from '../db/transaction';
import { conflict, HttpError, notFound } from '../errors/http-error';
import { mailQueueingOf } from '../mail/mail-outbox';
import { wakeMailSender } from '../mail/mail.service';
import { queueAccountMail } from '../mail/account-mail';
import {
  countActiveSuperAdmins, findInvite, findUserById, insertInvite, listOpenInvites, listStaffUsers, makeStaff,
  markInviteAccepted, revokeOpenInvites, updateStaff,
} from './staff.repository';
import type { StaffInviteRow, StaffRole } from './staff.table';

const iso = (ms: number) => new Date(ms).toISOString();
const isStaff = (user: UserRow) => ADMIN_ROLES.includes(user.role);

function memberView(user: UserRow): StaffMemberView {
  return {
    id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name,
    role: user.role as StaffRole, active: user.deactivated_at === null, createdAt: iso(user.created_at),
  };
}

function inviteView(invite: StaffInviteRow, now: number): StaffInviteView {
  return { email: invite.email, role: invite.role, invitedAt: iso(invite.created_at), expiresAt: iso(invite.expires_at), expired: invite.expires_at <= now };
}

/** GET /api/admin/staff */
export async function listStaff(app: AppContext): Promise<StaffListAnswer> {
  const [users, invites] = await Promise.all([listStaffUsers(app.db), listOpenInvites(app.db)]);
  const now = app.now();
  return { staff: users.map(memberView), invites: invites.map((invite) => inviteView(invite, now)) };
}

/**
 * POST /api/admin/staff/invites: a single-use link, valid 72 h, mailed to the address; a new
 * invitation to the same address replaces the open one (the Staff screen's "Send again").
 */
export async function inviteStaff(app: AppContext, inviter: User, input: StaffInviteInput): Promise<StaffInviteView> {
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(app.db, email);
  if (existing && isStaff(existing)) throw conflict(STAFF_MESSAGES.alreadyStaff, 'ALREADY_STAFF');
  const token = generateSessionToken();
  const now = app.now();
  const queue = mailQueueingOf(app.config);
  const invite = await app.db.transaction().execute(async (trx) => {
    await revokeOpenInvites(trx, email, now);
    const row = await insertInvite(trx, { token_hash: hashSessionToken(token), email, role: input.role, invited_by: inviter.id, created_at: now, expires_at: now + INVITE_LIFETIME_MS });
    if (queue) {
      const link = `${app.config.mail.publicUrl}/admin/invite?token=${token}`;
      const invitedBy = `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
      await queueAccountMail(trx, { kind: 'staff_invite', to: email, role: input.role, invitedBy, link }, `invite-${row.token_hash.slice(0, 24)}`, now);
    }
    return row;
  });
  if (queue) wakeMailSender(app);
  app.logger.info('staff invited', { by: inviter.id, role: input.role });
  return inviteView(invite, now);
}

/** POST /api/admin/staff/invites/withdraw: the address's open invitation stops working at once (sent to a wrong address, say). */
export async function withdrawInvite(app: AppContext, by: User, address: string): Promise<string> {
  const email = normalizeEmail(address);
  const ended = await revokeOpenInvites(app.db, email, app.now());
  if (ended === 0) throw notFound(STAFF_MESSAGES.inviteNotFound);
  app.logger.info('staff invitation withdrawn', { by: by.id });
  return email;
}

const badInvite = (message: string) => new HttpError(400, 'INVALID_INVITE', message, [{ path: 'token', message }]);

/** An invitation that can still be accepted, or the 400 that says why not. */
async function openInvite(app: AppContext, token: string): Promise<StaffInviteRow> {
  const invite = await findInvite(app.db, hashSessionToken(token));
  if (!invite || invite.revoked_at !== null) throw badInvite(STAFF_MESSAGES.inviteUnknown);
  if (invite.accepted_at !== null) throw badInvite(STAFF_MESSAGES.inviteUsed);
  if (invite.expires_at <= app.now()) throw badInvite(STAFF_MESSAGES.inviteExpired);
  return invite;
}

/** POST /api/auth/invite: what the invitee's page shows (their address and role). */
export async function lookupInvite(app: AppContext, token: string): Promise<InviteLookupAnswer> {
  const invite = await openInvite(app, token);
  return { email: invite.email, role: invite.role, expiresAt: iso(invite.expires_at) };
}

/**
 * POST /api/auth/invite/accept: the invitee's account (a customer account of the same address
 * becomes staff, keeping its orders), signed in. The link works once.
 */
export async function acceptInvite(app: AppContext, input: AcceptInviteInput, client?: string): Promise<AuthResponse> {
  const invite = await openInvite(app, input.token);
  assertStrongPassword(input.password, [invite.email, input.firstName, input.lastName]);
  const passwordHash = await hashPassword(input.password, hashRequestFor(app, client, 'signup'));
  const account = { role: invite.role, first_name: input.firstName, last_name: input.lastName, password_hash: passwordHash };
  const user = await app.db.transaction().execute(async (trx) => {
    const now = app.now();
    if (!(await markInviteAccepted(trx, invite.token_hash, now))) throw badInvite(STAFF_MESSAGES.inviteUsed);
    const existing = await findUserByEmail(trx, invite.email);
    if (existing && isStaff(existing)) throw conflict(STAFF_MESSAGES.alreadyStaff, 'ALREADY_STAFF');
    if (existing) {
      await revokeUserSessions(trx, existing.id, now);
      return makeStaff(trx, existing.id, account);
    }
    const created = await insertUserUnlessEmailTaken(trx, { email: invite.email, phone: null, created_at: now, ...account });
    if (!created) throw emailTaken();
    return created;
  });
  app.logger.info('staff invitation accepted', { userId: user.id, role: user.role });
  return { token: await startSession(app, user.id), user: toUser(user) };
}

/**
 * PATCH /api/admin/staff/:id: role, deactivation, reactivation. Nobody demotes or deactivates
 * themselves, and the last active super_admin stays one, so the shop cannot be locked out; the
 * check and the change run under one lock, so two super_admins demoting each other cannot both pass.
 */
export async function changeStaff(app: AppContext, actor: User, id: number, change: StaffChangeInput): Promise<StaffMemberView> {
  const updated = await app.db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, STAFF_LOCK);
    const target = await findUserById(trx, id);
    if (!target || !isStaff(target)) throw notFound(STAFF_MESSAGES.staffNotFound);
    const demoted = change.role !== undefined && change.role !== target.role;
    const deactivated = change.active === false && target.deactivated_at === null;
    if (target.id === actor.id && (demoted || deactivated)) throw conflict(STAFF_MESSAGES.notYourself, 'CANNOT_CHANGE_SELF');
    const losesSuperAdmin = target.role === 'super_admin' && target.deactivated_at === null && (demoted || deactivated);
    if (losesSuperAdmin && (await countActiveSuperAdmins(trx)) <= 1) throw conflict(STAFF_MESSAGES.lastSuperAdmin, 'LAST_SUPER_ADMIN');
    const now = app.now();
    const row = await updateStaff(trx, id, {
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.active !== undefined ? { deactivated_at: change.active ? null : (target.deactivated_at ?? now) } : {}),
    });
    if (deactivated) {
      await revokeUserSessions(trx, id, now);
      await endPasswordResets(trx, id, now);
    }
    return row;
  });
  app.logger.info('staff changed', { by: actor.id, userId: id, role: change.role, active: change.active });
  return memberView(updated);
}

const STAFF_LOCK = 7_240_034;
