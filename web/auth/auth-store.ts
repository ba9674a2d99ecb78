/**
 * Who is signed in, shared by every screen without a provider: a tiny external store read with
 * useSyncExternalStore. At start a stored token is verified (spec.md §4 "Auth").
 */
import type { Role, User } from '../../shared/api/types';
import { ApiError } from '../api/client';
import { fetchAuthStatus, loginRequest, logoutRequest, setupRequest, verifyRequest, type SetupInput } from '../api/session';
import { getToken, setToken } from './token';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
}

const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];

export function isAdminUser(user: User | null | undefined): boolean {
  return !!user && ADMIN_ROLES.includes(user.role);
}

let state: AuthState = { status: getToken() ? 'checking' : 'signedOut', user: null };
const listeners = new Set<() => void>();
let verifying: Promise<void> | null = null;

function setState(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Verifies the stored token once; a network failure keeps the session (offline tablet). */
  verify(): Promise<void> {
    if (!getToken()) {
      setState({ status: 'signedOut', user: null });
      return Promise.resolve();
    }
    if (state.status === 'signedIn' && state.user) return Promise.resolve();
    verifying ??= verifyRequest()
      .then((result) => {
        if (result.valid && result.user) {
          rememberUser(result.user);
          setState({ status: 'signedIn', user: result.user });
        } else signOutLocally();
      })
      .catch((error: unknown) => {
        const cached = rememberedUser();
        if (error instanceof ApiError && error.isNetwork && cached) setState({ status: 'signedIn', user: cached });
        else signOutLocally();
      })
      .finally(() => {
        verifying = null;
      });
    return verifying;
  },

  async login(email: string, password: string): Promise<User> {
    const { token, user } = await loginRequest(email, password);
    setToken(token);
    rememberUser(user);
    setState({ status: 'signedIn', user });
    return user;
  },

  /**
   * The admin sign-in: only an admin's token is stored. Anyone else gets null and their fresh
   * token is ended, so a customer signed in to the shop stays signed in there.
   */
  async loginAdmin(email: string, password: string): Promise<User | null> {
    const { token, user } = await loginRequest(email, password);
    if (!isAdminUser(user)) {
      void logoutRequest(token).catch(() => undefined);
      return null;
    }
    setToken(token);
    rememberUser(user);
    setState({ status: 'signedIn', user });
    return user;
  },

  async setup(input: SetupInput): Promise<User> {
    const { token, user } = await setupRequest(input);
    setToken(token);
    rememberUser(user);
    setState({ status: 'signedIn', user });
    return user;
  },

  /** A session the server started elsewhere (a password reset, an accepted invitation): stored and shown at once. */
  adopt({ token, user }: { token: string; user: User }): User {
    setToken(token);
    rememberUser(user);
    setState({ status: 'signedIn', user });
    return user;
  },

  /** Clears the token even when the call fails (spec.md §4). */
  async logout(): Promise<void> {
    try {
      if (getToken()) await logoutRequest();
    } catch {
      // The local sign-out below is what matters.
    } finally {
      signOutLocally();
    }
  },

  /** After a 401: the token is already gone (api/client.ts); forget the user too. */
  signOutLocally,
  /** The user last verified on this device (the admin opens its cache on it while the check runs). */
  rememberedUser,
  fetchStatus: fetchAuthStatus,
};

const USER_KEY = 'auth_user';

function signOutLocally(): void {
  setToken(null);
  try {
    localStorage.removeItem(USER_KEY);
  } catch {
    // storage unavailable
  }
  setState({ status: 'signedOut', user: null });
}

/** The verified user, kept so a tablet that opens offline still knows who is signed in. */
function rememberUser(user: User): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable
  }
}

function rememberedUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}
