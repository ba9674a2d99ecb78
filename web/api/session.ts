/**
 * The session's calls (design.md §3). The session is held by a store, not a query cache
 * (auth/auth-store.ts, read with useAuth): the shop's first screen needs it, so these are plain
 * calls and this module stays free of the query library.
 */
import type { RequestOf, ResponseOf } from '../../shared/api/routes';
import { call } from './client';

export function fetchAuthStatus(): Promise<ResponseOf<'authStatus'>> {
  return call('authStatus');
}

export function loginRequest(email: string, password: string): Promise<ResponseOf<'login'>> {
  return call('login', { body: { email, password } }, { ignoreUnauthorized: true });
}

export type SetupInput = RequestOf<'authSetup'>;

export function setupRequest(input: SetupInput): Promise<ResponseOf<'authSetup'>> {
  return call('authSetup', { body: input }, { ignoreUnauthorized: true });
}

export function verifyRequest(): Promise<ResponseOf<'verify'>> {
  return call('verify', undefined, { ignoreUnauthorized: true });
}

/** Ends the stored session, or the given token's session without touching the stored one. */
export function logoutRequest(token?: string): Promise<ResponseOf<'logout'>> {
  return call('logout', undefined, { ignoreUnauthorized: true, headers: token ? { Authorization: `Bearer ${token}` } : undefined });
}
