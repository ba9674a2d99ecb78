import { z } from 'zod';
import { storableText } from './storable-text';
import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth';
import { emailSchema } from './checkout';

/** Staff and password messages; the password rules are the registration's. */
export const STAFF_MESSAGES = {
  roleRequired: 'Choose a role: admin or super admin',
  resetLinkUnknown: 'This password reset link is not valid. Request a new one.',
  resetLinkUsed: 'This password reset link has already been used. Request a new one.',
  resetLinkExpired: 'This password reset link has expired. Request a new one.',
  inviteUnknown: 'This invitation link is not valid. Ask the shop owner for a new invitation.',
  inviteUsed: 'This invitation has already been accepted. Sign in instead.',
  inviteExpired: 'This invitation has expired. Ask the shop owner for a new invitation.',
  alreadyStaff: 'This email already belongs to a staff member',
  staffNotFound: 'Staff member not found',
  inviteNotFound: 'No open invitation for this email',
  notYourself: 'You cannot change your own role or deactivate your own account',
  lastSuperAdmin: 'The shop needs at least one active super admin',
  deactivated: 'This account has been deactivated. Ask the shop owner to reactivate it.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password. It works for 1 hour.',
} as const;

export const STAFF_ROLES = ['admin', 'super_admin'] as const;
export const STAFF_ROLE_LABELS: Record<(typeof STAFF_ROLES)[number], string> = { admin: 'Admin', super_admin: 'Super admin' };

/** How long links last: an invitation 72 h, a password reset 1 h (design.md §9). */
export const INVITE_LIFETIME_MS = 72 * 60 * 60 * 1000;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

const roleSchema = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired });

const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(1024);

/** A link's token: 43 base64url characters as made; anything else is unknown, not a bad request. */
const tokenSchema = z.string({ error: STAFF_MESSAGES.resetLinkUnknown }).trim().min(1, STAFF_MESSAGES.resetLinkUnknown).max(200);

export const staffInviteSchema = z.strictObject({ email: emailSchema, role: roleSchema });
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const inviteWithdrawSchema = z.strictObject({ email: emailSchema });
export type InviteWithdrawInput = z.infer<typeof inviteWithdrawSchema>;

export const staffChangeSchema = z
  .strictObject({ role: roleSchema.optional(), active: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.active !== undefined, { message: 'Nothing to change' });
export type StaffChangeInput = z.infer<typeof staffChangeSchema>;

export const inviteLookupSchema = z.strictObject({ token: tokenSchema });

export const acceptInviteSchema = z.strictObject({
  token: tokenSchema,
  firstName: storableText(z.string({ error: 'First name is required' }).trim().min(1, 'First name is required'), 'First name').max(100),
  lastName: storableText(z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required'), 'Last name').max(100),
  password: newPasswordSchema,
});
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

export const passwordResetConfirmSchema = z.strictObject({ token: tokenSchema, password: newPasswordSchema });
