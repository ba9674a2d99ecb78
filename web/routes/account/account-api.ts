import { AUTH_MESSAGES, type RegisterInput } from '../../../shared/schemas/auth';
import { call } from '../../api/client';
import { authStore } from '../../auth/auth-store';
import { setToken } from '../../auth/token';

/** Registers a customer (role customer) and signs them in with the returned token. */
export async function registerCustomer(input: RegisterInput): Promise<void> {
  const { token } = await call('register', { body: input }, { ignoreUnauthorized: true });
  setToken(token);
  await authStore.verify();
}

export { AUTH_MESSAGES };
export { authErrorMessage } from '../../auth/auth-errors';
