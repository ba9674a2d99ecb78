import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '../../../../shared/schemas/auth';
import { authStore } from '../../../auth/auth-store';
import { useAuth } from '../../../auth/useAuth';
import { useAutoClear } from '../../../components/notifications';
import { authErrorMessage } from '../../../auth/auth-errors';
import { SetupForm } from './SetupForm';

const ACCESS_DENIED = 'Access denied. You do not have permission.';

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('/admin/login') ? from : '/admin';
}

/** /admin/login: sign in, or create the first admin while the server says setupRequired. */
export function LoginPage() {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [setupRequired, setSetupRequired] = useState(false);

  useEffect(() => {
    let live = true;
    authStore
      .fetchStatus()
      .then((result) => live && setSetupRequired(!!result.setupRequired))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useAutoClear(error, () => setError(''));

  if (status === 'signedIn' && isAdmin) return <Navigate to={target} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.fillAllFields);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      // A customer's shop session is left as it was.
      const user = await authStore.loginAdmin(email.trim(), password);
      if (!user) {
        setError(ACCESS_DENIED);
        return;
      }
      navigate(target, { replace: true });
    } catch (caught) {
      setError(authErrorMessage(caught, AUTH_MESSAGES.loginFailed));
    } finally {
      setSubmitting(false);
    }
  }

  if (setupRequired) {
    return <SetupForm onDone={() => navigate(target, { replace: true })} onAlreadySetUp={() => setSetupRequired(false)} />;
  }

  return (
    <main className="admin-login">
      <form className="admin-card admin-login__form" onSubmit={onSubmit} noValidate>
        <h1>Admin sign-in</h1>
        <label className="admin-field">
          <span>Email</span>
          <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Password</span>
          <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && <p className="admin-error" role="alert">{error}</p>}
        <button type="submit" className="admin-button admin-button--primary admin-button--block" disabled={!email || !password || submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
        <Link to="/reset-password" className="admin-login__forgot">Forgot password?</Link>
      </form>
    </main>
  );
}
