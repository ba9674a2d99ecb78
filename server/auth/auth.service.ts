import type { AuthResponse, Role } from '../../shared/api/types';
import { AUTH_MESSAGES, type RegisterInput } from '../../shared/schemas/auth';
import { STAFF_MESSAGES } from '../../shared/schemas/staff';
import type { AppContext } from '../app-context';
import { HttpError, unauthorized } from '../errors/http-error';
import { claimGuestOrder } from '../orders/order.repository';
import { lockUntilCommit, type Trx } from '../db/transaction';
import {
  adminExists,
  findUserByEmail,
  insertUserUnlessEmailTaken,
  setRoleAndPassword,
  updatePasswordHash,
} from './auth.repository';
import { assertStrongPassword } from './password-strength';
import { hashPassword, needsRehash, spendOneHash, verifyPassword, type HashLane, type HashRequest } from './password';
import { deleteDeadSessions, revokeUserSessions } from './session.repository';
import { startSession, toUser } from './session.service';
import type { UserRow } from './user.table';

/** Emails are compared case-insensitively by storing and looking them up lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True while no admin or super_admin exists: the first admin may then be created through setup. */
export async function isSetupRequired(app: AppContext): Promise<boolean> {
  return !(await adminExists(app.db));
}

export const setupDone = () => new HttpError(409, 'SETUP_COMPLETE', AUTH_MESSAGES.setupDone);
export const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);

type NewAccount = Omit<RegisterInput, 'phone' | 'orderNumber'> & { phone?: string; orderNumber?: string };

/** How this app hashes for `client` in `lane`: its configured cost, fair turns among clients. */
export function hashRequestFor(app: AppContext, client: string | undefined, lane: HashLane): HashRequest {
  return { cost: app.config.passwordHashCost, client, lane };
}

/** Creates the first super_admin and signs it in; 409 once any admin exists. */
export async function setupFirstAdmin(app: AppContext, input: NewAccount, client?: string): Promise<AuthResponse> {
  assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
  if (await adminExists(app.db)) throw setupDone();
  // Hashing takes a few hundred ms, so it happens before the transaction, not inside it.
  const passwordHash = await hashPassword(input.password, hashRequestFor(app, client, 'signup'));
  const user = await app.db.transaction().execute(async (trx) => {
    await lockAdminCreation(trx);
    // Re-checked inside the transaction: of two concurrent setups only one creates an admin.
    if (await adminExists(trx)) throw setupDone();
    const row = await insertUserUnlessEmailTaken(trx, newUserRow(app, input, 'super_admin', passwordHash));
    if (!row) throw emailTaken();
    return row;
  });
  app.logger.info('first admin created through setup', { userId: user.id });
  return signIn(app, user);
}

/** Creates a customer account and signs it in; 409 when the email is already registered. */
export async function registerCustomer(app: AppContext, input: NewAccount, client?: string): Promise<AuthResponse> {
  assertStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
  // The 409 itself tells a taken email (the spec's message), so no hash is spent to hide it.
  if (await findUserByEmail(app.db, normalizeEmail(input.email))) throw emailTaken();
  const passwordHash = await hashPassword(input.password, hashRequestFor(app, client, 'signup'));
  const user = await insertUserUnlessEmailTaken(app.db, newUserRow(app, input, 'customer', passwordHash));
  if (!user) throw emailTaken();
  if (input.orderNumber) await claimGuestOrder(app.db, input.orderNumber, user.id, user.email);
  return signIn(app, user);
}

/**
 * Checks an email and password. An unknown email costs the same hash as a wrong password and
 * gets the same answer, so neither timing nor message reveals which accounts exist.
 */
export async function logIn(app: AppContext, email: string, password: string, client?: string): Promise<AuthResponse & { userId: number }> {
  const user = await findUserByEmail(app.db, normalizeEmail(email));
  const hashing = hashRequestFor(app, client, 'login');
  if (!user) {
    await spendOneHash(password, hashing);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(password, user.password_hash, hashing))) throw invalidCredentials();
  // Told only to whoever knows the password: the staff member learns why, a guesser learns nothing.
  if (user.deactivated_at !== null) throw unauthorized(STAFF_MESSAGES.deactivated, 'ACCOUNT_DEACTIVATED');
  if (needsRehash(user.password_hash, app.config.passwordHashCost)) await updatePasswordHash(app.db, user.id, await hashPassword(password, hashing));
  await deleteDeadSessions(app.db, user.id, app.now(), app.config.sessionIdleMs);
  return { ...(await signIn(app, user)), userId: user.id };
}

export const invalidCredentials = () => unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');

/**
 * Creates the first super_admin from ADMIN_EMAIL/ADMIN_PASSWORD when no admin exists. Does
 * nothing once any admin exists, so restarts neither duplicate it nor reset its password. When
 * the email already belongs to a customer account, the operator's environment wins: that account
 * becomes the super_admin with ADMIN_PASSWORD, and its open sessions are ended.
 */
export async function ensureBootstrapAdmin(app: AppContext): Promise<void> {
  const admin = app.config.admin;
  if (!admin || (await adminExists(app.db))) return;
  const email = normalizeEmail(admin.email);
  const passwordHash = await hashPassword(admin.password, { cost: app.config.passwordHashCost });
  await app.db.transaction().execute(async (trx) => {
    await lockAdminCreation(trx);
    if (await adminExists(trx)) return;
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      await setRoleAndPassword(trx, existing.id, 'super_admin', passwordHash);
      await revokeUserSessions(trx, existing.id, app.now());
      app.logger.warn('ADMIN_EMAIL belonged to a customer account; it is now the super_admin', { userId: existing.id });
      return;
    }
    const row = await insertUserUnlessEmailTaken(trx, {
      email,
      password_hash: passwordHash,
      role: 'super_admin',
      first_name: 'Admin',
      last_name: 'User',
      phone: null,
      created_at: app.now(),
    });
    app.logger.info('bootstrap super_admin created from ADMIN_EMAIL', { userId: row?.id });
  });
}

async function signIn(app: AppContext, user: UserRow): Promise<AuthResponse> {
  const token = await startSession(app, user.id);
  return { token, user: toUser(user) };
}

function newUserRow(app: AppContext, input: NewAccount, role: Role, passwordHash: string) {
  return {
    email: normalizeEmail(input.email),
    password_hash: passwordHash,
    role,
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone ? input.phone : null,
    created_at: app.now(),
  };
}

/**
 * SQLite runs one transaction at a time on its single connection already; PostgreSQL needs a
 * lock, because "no admin yet" cannot be locked by a row lock on a row that does not exist.
 */
const lockAdminCreation = (trx: Trx) => lockUntilCommit(trx, ADMIN_CREATION_LOCK);

const ADMIN_CREATION_LOCK = 7_240_001;
