import { apiPath } from '../../../shared/api/routes';
import type { AuthResponse } from '../../../shared/api/types';
import { AUTH_MESSAGES, type RegisterInput } from '../../../shared/schemas/auth';
import { ApiError, apiRequest } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { setToken } from '../../auth/token';

/** spec.md §8: the server's message, or the form's fallback; a thrown non-API error is unexpected. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return error.message;
    const server = typeof error.body.error === 'string' ? error.body.error : '';
    return server || fallback;
  }
  return 'An unexpected error occurred. Please try again.';
}

/** Registers a customer (role customer) and signs them in with the returned token. */
export async function registerCustomer(input: RegisterInput): Promise<void> {
  const { token } = await apiRequest<AuthResponse>('POST', apiPath('register'), { body: input, ignoreUnauthorized: true });
  setToken(token);
  await authStore.verify();
}

export { AUTH_MESSAGES };
