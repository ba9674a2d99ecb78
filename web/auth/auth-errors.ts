import { CHECKOUT_MESSAGES_FLOW } from '../../shared/checkout-errors';
import { ApiError } from '../api/client';

/**
 * spec.md §8 for sign-in, registration and first-admin setup: the server's message, else the form's
 * fallback ('Login failed', 'Registration failed', …); a thrown non-API error is unexpected.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return error.message;
    const server = typeof error.body.error === 'string' ? error.body.error : '';
    return server || fallback;
  }
  return CHECKOUT_MESSAGES_FLOW.unexpected;
}
