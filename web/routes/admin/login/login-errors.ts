import { ApiError } from '../../../api/client';

/** spec.md §8: the server's message, else 'Login failed'; anything unexpected its own message. */
export function loginErrorMessage(error: unknown, fallback = 'Login failed'): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return error.message;
    return typeof error.body.error === 'string' && error.body.error ? error.body.error : fallback;
  }
  return 'An unexpected error occurred. Please try again.';
}
