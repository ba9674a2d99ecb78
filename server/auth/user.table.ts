import type { Generated, Selectable } from 'kysely';
import type { Role } from '../../shared/api/types';

export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: Role;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: number;
  /** Set while a staff account is deactivated: no session, no sign-in, no password reset. */
  deactivated_at: number | null;
}

/** Sessions are stored by the SHA-256 of their opaque token; the token itself is never stored. */
export interface SessionTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * Devices (by the SHA-256 of a cookie's token) and addresses a user has signed in from: their
 * logins get their own throttle, so strangers' guesses cannot lock the owner out (OWASP's device cookies).
 */
export interface TrustedLoginTable {
  user_id: number;
  kind: 'device' | 'address';
  key_hash: string;
  last_used_at: number;
}

export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

declare module '../db/schema' {
  interface Database {
    users: UserTable;
    sessions: SessionTable;
    trusted_logins: TrustedLoginTable;
  }
}
