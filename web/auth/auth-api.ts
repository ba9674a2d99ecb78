/** The auth calls of design.md §3, on the shared API client (bearer token, 10 s timeout). */
import type { RequestOf, ResponseOf } from '../../shared/api/routes';
import { call } from '../api/client';

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
