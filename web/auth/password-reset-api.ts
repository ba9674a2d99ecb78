/** Password reset (design.md §9) and staff invitations: calls anyone with the mailed link may make. */
import type { RequestOf, ResponseOf } from '../../shared/api/routes';
import { call } from '../api/client';
import { authStore } from './auth-store';

export function requestPasswordReset(email: string): Promise<ResponseOf<'passwordResetRequest'>> {
  return call('passwordResetRequest', { body: { email } }, { ignoreUnauthorized: true });
}

/** Sets the new password; the server signs this browser in (and every other session of the account out). */
export async function confirmPasswordReset(token: string, password: string) {
  return authStore.adopt(await call('passwordResetConfirm', { body: { token, password } }, { ignoreUnauthorized: true }));
}

export function lookupInvite(token: string): Promise<ResponseOf<'inviteLookup'>> {
  return call('inviteLookup', { body: { token } }, { ignoreUnauthorized: true });
}

export async function acceptInvite(input: RequestOf<'inviteAccept'>) {
  return authStore.adopt(await call('inviteAccept', { body: input }, { ignoreUnauthorized: true }));
}
