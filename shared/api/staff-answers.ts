/** Answers of the staff and password calls (design.md §9). */
import type { StaffRole } from './types';

export interface StaffMemberView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  active: boolean;
  createdAt: string;
}

export interface StaffInviteView {
  email: string;
  role: StaffRole;
  invitedAt: string;
  expiresAt: string;
  /** Past its 72 hours: it can only be sent again. */
  expired: boolean;
}

export interface StaffListAnswer {
  staff: StaffMemberView[];
  invites: StaffInviteView[];
}

export interface StaffInviteAnswer {
  invite: StaffInviteView;
}

export interface InviteWithdrawnAnswer {
  withdrawn: string;
}

export interface StaffMemberAnswer {
  member: StaffMemberView;
}

/** What the invitee's page shows before they choose a name and password. */
export interface InviteLookupAnswer {
  email: string;
  role: StaffRole;
  expiresAt: string;
}

/** POST /api/auth/password-reset: the same whatever the address. */
export interface PasswordResetRequestedAnswer {
  message: string;
}
