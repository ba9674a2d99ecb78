import type { Selectable } from 'kysely';

/** A password-reset request; `user_id` is null when the address had no account that may reset. */
export interface PasswordResetTable {
  token_hash: string;
  user_id: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type PasswordResetRow = Selectable<PasswordResetTable>;

declare module '../db/schema' {
  interface Database {
    password_resets: PasswordResetTable;
  }
}
