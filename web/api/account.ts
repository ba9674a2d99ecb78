/** A customer's own account (spec.md §4): registering signs the new customer in. */
import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '../../shared/schemas/auth';
import { authStore } from '../auth/auth-store';
import { setToken } from '../auth/token';
import { call } from './client';
import { queryClient } from './query-client';

/** Registers a customer (role customer) and signs them in with the returned token. */
export function useRegisterCustomer() {
  return useMutation(
    {
      mutationFn: async (input: RegisterInput) => {
        const { token } = await call('register', { body: input }, { ignoreUnauthorized: true });
        setToken(token);
        await authStore.verify();
      },
    },
    queryClient,
  );
}
