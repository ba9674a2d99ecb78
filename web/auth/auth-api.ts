/** The auth calls of design.md §3, on the shared API client (bearer token, 10 s timeout). */
import { apiPath } from '../../shared/api/routes';
import type { AuthResponse, User } from '../../shared/api/types';
import { apiRequest } from '../api/client';

export function fetchAuthStatus(): Promise<{ setupRequired: boolean }> {
  return apiRequest('GET', apiPath('authStatus'));
}

export function loginRequest(email: string, password: string): Promise<AuthResponse> {
  return apiRequest('POST', apiPath('login'), { body: { email, password }, ignoreUnauthorized: true });
}

export interface SetupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function setupRequest(input: SetupInput): Promise<AuthResponse> {
  return apiRequest('POST', apiPath('authSetup'), { body: input, ignoreUnauthorized: true });
}

export function verifyRequest(): Promise<{ valid: boolean; user: User }> {
  return apiRequest('GET', apiPath('verify'), { ignoreUnauthorized: true });
}

/** Ends the stored session, or the given token's session without touching the stored one. */
export function logoutRequest(token?: string): Promise<unknown> {
  return apiRequest('POST', apiPath('logout'), { ignoreUnauthorized: true, headers: token ? { Authorization: `Bearer ${token}` } : undefined });
}
