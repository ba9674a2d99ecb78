import { useState, type FormEvent } from 'react';
import { setupSchema } from '../../../../shared/schemas/auth';
import { ApiError } from '../../../api/client';
import { authStore } from '../../../auth/auth-store';
import { authErrorMessage } from '../../../auth/auth-errors';

/** First run: no admin exists yet, so the login page offers to create one (POST /api/auth/setup). */
export function SetupForm({ onDone, onAlreadySetUp }: { onDone(): void; onAlreadySetUp(): void }) {
  const [fields, setFields] = useState({ email: '', password: '', firstName: '', lastName: '' });
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [key]: e.target.value });
  const filled = Object.values(fields).every((v) => v.trim() !== '');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = setupSchema.safeParse(fields);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please fill in all fields');
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      await authStore.setup(parsed.data);
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) onAlreadySetUp();
      setError(authErrorMessage(caught, 'Setup failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login__form" onSubmit={onSubmit} noValidate>
        <h1>Create the first admin</h1>
        <p className="admin-muted">No admin account exists yet. The account you create here can manage every order.</p>
        <label className="admin-field"><span>First name</span><input name="firstName" value={fields.firstName} onChange={set('firstName')} /></label>
        <label className="admin-field"><span>Last name</span><input name="lastName" value={fields.lastName} onChange={set('lastName')} /></label>
        <label className="admin-field"><span>Email</span><input type="email" name="email" autoComplete="username" value={fields.email} onChange={set('email')} /></label>
        <label className="admin-field"><span>Password</span><input type="password" name="password" autoComplete="new-password" value={fields.password} onChange={set('password')} /></label>
        {error && <p className="admin-error" role="alert">{error}</p>}
        <button type="submit" className="admin-button admin-button--primary admin-button--block" disabled={!filled || submitting}>
          {submitting ? 'Creating…' : 'Create admin account'}
        </button>
      </form>
    </main>
  );
}
