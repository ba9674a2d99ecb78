import type { Selectable } from 'kysely';
import type { StaffRole } from '../../shared/api/types';

export type { StaffRole };

/** A super_admin's invitation: the link's token is shown once (in the mail), only its SHA-256 is kept. */
export interface StaffInviteTable {
  token_hash: string;
  email: string;
  role: StaffRole;
  invited_by: number | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  /** Replaced by a newer invite to the same address, or withdrawn. */
  revoked_at: number | null;
}

export type StaffInviteRow = Selectable<StaffInviteTable>;

declare module '../db/schema' {
  interface Database {
    staff_invites: StaffInviteTable;
  }
}
