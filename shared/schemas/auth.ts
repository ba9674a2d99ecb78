import { z } from 'zod';
import { storableText } from './storable-text';
import { emailSchema } from './checkout';

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  emailTaken: 'An account with this email already exists',
  passwordTooShort: 'Password must be at least 8 characters',
  setupDone: 'An admin account already exists',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/** Admin and customer sign-in: both fields required, with the one message of spec.md §5. */
export const loginSchema = z.strictObject(
  {
    email: z.string({ error: AUTH_MESSAGES.fillAllFields }).trim().min(1, AUTH_MESSAGES.fillAllFields).max(254),
    password: z.string({ error: AUTH_MESSAGES.fillAllFields }).min(1, AUTH_MESSAGES.fillAllFields).max(1024),
  },
  // A body that is not an object at all (null, an array) is missing both fields too.
  { error: (issue) => (issue.code === 'invalid_type' ? AUTH_MESSAGES.fillAllFields : undefined) },
);

export const registerSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordTooShort })
    .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(1024),
  firstName: storableText(z.string({ error: 'First name is required' }).trim().min(1, 'First name is required'), 'First name').max(100),
  lastName: storableText(z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required'), 'Last name').max(100),
  phone: storableText(z.string().trim(), 'Phone number').max(40).optional(),
  /**
   * A guest order to keep in the new account (from the confirmation's link): it joins the account
   * only when it was placed with the account's e-mail, the same proof the order lookup asks for.
   */
  orderNumber: storableText(z.string().trim(), 'Order number').max(20).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The first admin: the same fields as a registration, without a phone. */
export const setupSchema = registerSchema.omit({ phone: true, orderNumber: true });
