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

export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
