import { useEffect, useSyncExternalStore } from 'react';
import { authStore, isAdminUser, type AuthState } from './auth-store';

export interface UseAuth extends AuthState {
  isAdmin: boolean;
  login: typeof authStore.login;
  setup: typeof authStore.setup;
  logout: typeof authStore.logout;
}

/** The signed-in user; verifies a stored token on first use. */
export function useAuth(): UseAuth {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
  useEffect(() => {
    if (state.status === 'checking') void authStore.verify();
  }, [state.status]);
  return { ...state, isAdmin: isAdminUser(state.user), login: authStore.login, setup: authStore.setup, logout: authStore.logout };
}
