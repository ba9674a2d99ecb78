import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { firstErrorByField } from '../../../../shared/schemas/fields';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, acceptInviteSchema } from '../../../../shared/schemas/staff';
import { useAcceptInvite, useInvite } from '../../../api/staff';
import { errorText } from '../staff/staff-errors';

type Fields = { firstName: string; lastName: string; password: string };

/** /admin/invite?token=…: the invitee chooses a name and password and is signed in to the admin. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const lookup = useInvite(token);
  const invite = lookup.data;
  const linkError = !token ? STAFF_MESSAGES.inviteUnknown : lookup.error ? errorText(lookup.error) : '';
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [error, setError] = useState('');
  const acceptInvite = useAcceptInvite();
  const busy = acceptInvite.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = acceptInviteSchema.safeParse({ token, ...fields });
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error));
      return;
    }
    setError('');
    try {
      await acceptInvite.mutateAsync(parsed.data);
      navigate('/admin', { replace: true });
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  const field = (name: keyof Fields, label: string, type = 'text', autoComplete?: string) => (
    <label className="admin-field">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `invite-${name}-error` : undefined}
        onChange={(e) => {
          setFields({ ...fields, [name]: e.target.value });
          setErrors(({ [name]: _cleared, ...rest }) => rest);
        }}
      />
      {errors[name] && <span id={`invite-${name}-error`} className="admin-error">{errors[name]}</span>}
    </label>
  );

  return (
    <main className="admin-login">
      {linkError ? (
        <div className="admin-card admin-login__form" role="alert">
          <h1>Invitation</h1>
          <p>{linkError}</p>
          <Link className="admin-button admin-button--ghost" to="/admin/login">Go to admin sign-in</Link>
        </div>
      ) : !invite ? (
        <p role="status">Checking your invitation…</p>
      ) : (
        <form className="admin-card admin-login__form" onSubmit={submit} noValidate>
          <h1>Join the Villa Prints admin</h1>
          <p className="admin-muted">
            You are invited as <strong>{STAFF_ROLE_LABELS[invite.role].toLowerCase()}</strong> with <strong>{invite.email}</strong>. Choose your name and a password to sign in.
          </p>
          {field('firstName', 'First name', 'text', 'given-name')}
          {field('lastName', 'Last name', 'text', 'family-name')}
          <input type="email" name="email" autoComplete="username" value={invite.email} readOnly hidden />
          {field('password', 'Choose a password', 'password', 'new-password')}
          {error && <p className="admin-error" role="alert">{error}</p>}
          <button type="submit" className="admin-button admin-button--primary admin-button--block" disabled={busy}>
            {busy ? 'Creating your account…' : 'Create account and sign in'}
          </button>
        </form>
      )}
    </main>
  );
}
