import { useId, useState, type FormEvent } from 'react';
import { firstErrorByField } from '../../../../shared/schemas/fields';
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffInviteSchema } from '../../../../shared/schemas/staff';
import type { StaffRole } from '../../../../shared/api/types';
import { useNotify } from '../../../components/notifications';
import { useInviteStaff } from '../../../api/staff';
import { errorText } from './staff-errors';

/** Invite by e-mail: the address gets a single-use link, valid 72 hours, for the chosen role. */
export function InviteForm() {
  const { notify } = useNotify();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('admin');
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState('');
  const inviteStaff = useInviteStaff();
  const busy = inviteStaff.isPending;
  const roleId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffInviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setFieldError(firstErrorByField(parsed.error).email ?? '');
      return;
    }
    setError('');
    try {
      const { invite } = await inviteStaff.mutateAsync(parsed.data);
      notify(`Invitation sent to ${invite.email}`);
      setEmail('');
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <form className="admin-card staff-invite" onSubmit={submit} noValidate aria-labelledby="staff-invite-heading">
      <h2 id="staff-invite-heading">Invite staff</h2>
      <p className="admin-muted">They get an e-mail with a link to choose their name and password. The link works once, for 72 hours.</p>
      <div className="staff-invite__fields">
        <label className="admin-field admin-field--grow">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'staff-invite-email-error' : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              setFieldError('');
            }}
          />
          {fieldError && <span id="staff-invite-email-error" className="admin-error">{fieldError}</span>}
        </label>
        <div className="admin-field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((value) => <option key={value} value={value}>{STAFF_ROLE_LABELS[value]}</option>)}
          </select>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
      <p className="admin-error" role="alert">{error}</p>
    </form>
  );
}
