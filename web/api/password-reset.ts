/** Password reset by mailed link (design.md §9), for customers and staff alike. */
import { useMutation } from '@tanstack/react-query';
import { authStore } from '../auth/auth-store';
import { call } from './client';
import { queryClient } from './query-client';

/** The answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => call('passwordResetRequest', { body: { email } }, { ignoreUnauthorized: true }) }, queryClient);
}

/** Sets the new password; the server signs this browser in (and every other session of the account out). */
export function useConfirmPasswordReset() {
  return useMutation(
    {
      mutationFn: async ({ token, password }: { token: string; password: string }) =>
        authStore.adopt(await call('passwordResetConfirm', { body: { token, password } }, { ignoreUnauthorized: true })),
    },
    queryClient,
  );
}
