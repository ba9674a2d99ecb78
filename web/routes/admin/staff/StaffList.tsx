import { useState } from 'react';
import type { StaffInviteView, StaffMemberView } from '../../../../shared/api/staff-answers';
import type { StaffRole } from '../../../../shared/api/types';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '../../../../shared/schemas/staff';
import { useNotify } from '../../../components/notifications';
import { formatDate } from '../shared/format';
import { useChangeStaff, useInviteStaff, useWithdrawInvite } from '../../../api/staff';
import { errorText } from './staff-errors';

const nameOf = (member: StaffMemberView) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** One staff member: role, state and what a super_admin can do about them (not about themselves). */
function MemberRow({ member, isYou }: { member: StaffMemberView; isYou: boolean }) {
  const { notify } = useNotify();
  const changeStaff = useChangeStaff(member.id);
  const busy = changeStaff.isPending;
  const [error, setError] = useState('');

  async function apply(change: { role?: StaffRole; active?: boolean }, done: string) {
    setError('');
    try {
      await changeStaff.mutateAsync(change);
      notify(done);
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <li className={`staff-row${member.active ? '' : ' staff-row--inactive'}`}>
      <div className="staff-row__who">
        <strong>{nameOf(member)}{isYou && <span className="admin-muted"> (you)</span>}</strong>
        <span className="staff-row__email">{member.email}</span>
      </div>
      <span className={`staff-state staff-state--${member.active ? 'active' : 'inactive'}`}>{member.active ? 'Active' : 'Deactivated'}</span>
      {isYou ? (
        <span className="staff-row__role">{STAFF_ROLE_LABELS[member.role]}</span>
      ) : (
        <label className="staff-row__role">
          <span className="sr-only">Role of {member.email}</span>
          <select value={member.role} disabled={busy} onChange={(e) => void apply({ role: e.target.value as StaffRole }, `${member.email} is now ${STAFF_ROLE_LABELS[e.target.value as StaffRole].toLowerCase()}`)}>
            {STAFF_ROLES.map((value) => <option key={value} value={value}>{STAFF_ROLE_LABELS[value]}</option>)}
          </select>
        </label>
      )}
      <div className="staff-row__actions">
        {!isYou && (member.active ? (
          <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={busy} aria-label={`Deactivate ${member.email}`} onClick={() => void apply({ active: false }, `${member.email} is deactivated and signed out`)}>
            Deactivate
          </button>
        ) : (
          <button type="button" className="admin-button admin-button--small" disabled={busy} aria-label={`Reactivate ${member.email}`} onClick={() => void apply({ active: true }, `${member.email} can sign in again`)}>
            Reactivate
          </button>
        ))}
      </div>
      {error && <p className="admin-error staff-row__error" role="alert">{error}</p>}
    </li>
  );
}

export function StaffList({ staff, youId }: { staff: StaffMemberView[]; youId: number | undefined }) {
  return (
    <section className="admin-card" aria-labelledby="staff-members-heading">
      <h2 id="staff-members-heading">Staff ({staff.length})</h2>
      <ul className="staff-list">
        {staff.map((member) => <MemberRow key={member.id} member={member} isYou={member.id === youId} />)}
      </ul>
    </section>
  );
}

/** Invitations not yet accepted: pending until they expire, then only "Send again". */
export function InviteList({ invites }: { invites: StaffInviteView[] }) {
  const { notify } = useNotify();
  const inviteStaff = useInviteStaff();
  const withdrawInvite = useWithdrawInvite();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');

  async function act(invite: StaffInviteView, action: 'resend' | 'withdraw') {
    setBusy(`${action}:${invite.email}`);
    setError('');
    try {
      if (action === 'resend') {
        await inviteStaff.mutateAsync({ email: invite.email, role: invite.role });
        notify(`A new invitation went to ${invite.email}`);
      } else {
        await withdrawInvite.mutateAsync(invite.email);
        notify(`The invitation to ${invite.email} was withdrawn: its link no longer works`);
      }
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  }

  if (invites.length === 0) return null;
  return (
    <section className="admin-card" aria-labelledby="staff-invites-heading">
      <h2 id="staff-invites-heading">Invitations ({invites.length})</h2>
      <ul className="staff-list">
        {invites.map((invite) => (
          <li key={invite.email} className="staff-row">
            <div className="staff-row__who">
              <strong>{invite.email}</strong>
              <span className="admin-muted">Invited {formatDate(invite.invitedAt)} · {STAFF_ROLE_LABELS[invite.role]}</span>
            </div>
            <span className={`staff-state staff-state--${invite.expired ? 'inactive' : 'pending'}`}>{invite.expired ? 'Expired' : `Pending until ${formatDate(invite.expiresAt)}`}</span>
            <div className="staff-row__actions staff-row__actions--invite">
              <button type="button" className="admin-button admin-button--small" disabled={busy !== null} aria-label={`Send again to ${invite.email}`} onClick={() => void act(invite, 'resend')}>
                {busy === `resend:${invite.email}` ? 'Sending…' : 'Send again'}
              </button>
              <button type="button" className="admin-button admin-button--small admin-button--danger" disabled={busy !== null} aria-label={`Withdraw the invitation to ${invite.email}`} onClick={() => void act(invite, 'withdraw')}>
                {busy === `withdraw:${invite.email}` ? 'Withdrawing…' : 'Withdraw'}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p className="admin-error" role="alert">{error}</p>
    </section>
  );
}
