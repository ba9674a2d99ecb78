import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { firstErrorByField } from '../../../shared/schemas/fields';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '../../../shared/schemas/staff';
import { ApiError } from '../../api/client';
import { isAdminUser } from '../../auth/auth-store';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../../api/password-reset';
import { useNotify } from '../../components/notifications';
import { TextField } from '../checkout/FormField';
import '../checkout/checkout.css';
import './reset-password.css';

function serverMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetwork && typeof error.body.error === 'string') return error.body.error;
  return error instanceof Error ? error.message : String(error);
}

/** Without a token: ask for a link by e-mail. The answer is the same whether or not the address has an account. */
function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const requestPasswordReset = useRequestPasswordReset();
  const busy = requestPasswordReset.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(firstErrorByField(parsed.error).email);
      return;
    }
    setError('');
    try {
      setSent((await requestPasswordReset.mutateAsync(parsed.data.email)).message);
    } catch (caught) {
      setError(serverMessage(caught));
    }
  }

  if (sent) {
    return (
      <div className="account-card" role="status">
        <h2>Check your e-mail</h2>
        <p>{sent}</p>
        <p>No e-mail after a few minutes? Check your spam folder, or <button type="button" className="link-button" onClick={() => setSent('')}>try again</button>.</p>
      </div>
    );
  }
  return (
    <div className="account-card">
      <h2 id="reset-request-heading">Forgot your password?</h2>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form onSubmit={submit} noValidate aria-labelledby="reset-request-heading">
        <TextField label="Email" type="email" autoComplete="email" value={email} error={fieldError} onChange={(e) => { setEmail(e.target.value); setFieldError(undefined); }} />
        <p className="field__error" role="alert">{error}</p>
        <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Sending…' : 'Send reset link'}</button>
      </form>
    </div>
  );
}

/** With the mailed token: choose the new password; the link then signs this browser in. */
function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [linkBroken, setLinkBroken] = useState(false);
  const confirmPasswordReset = useConfirmPasswordReset();
  const busy = confirmPasswordReset.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetConfirmSchema.safeParse({ token, password });
    if (!parsed.success) {
      setFieldError(firstErrorByField(parsed.error).password);
      return;
    }
    setError('');
    try {
      const user = await confirmPasswordReset.mutateAsync(parsed.data);
      notify('Your password is changed and you are signed in.');
      navigate(isAdminUser(user) ? '/admin' : '/account', { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) setLinkBroken(true);
      if (caught instanceof ApiError && caught.status === 422) setFieldError(serverMessage(caught));
      else setError(serverMessage(caught));
    }
  }

  return (
    <div className="account-card">
      <h2 id="reset-new-heading">Choose a new password</h2>
      <form onSubmit={submit} noValidate aria-labelledby="reset-new-heading">
        <TextField label="New password" type="password" autoComplete="new-password" value={password} error={fieldError} onChange={(e) => { setPassword(e.target.value); setFieldError(undefined); }} />
        <p className="reset-password__hint">At least 8 characters. A few unrelated words are easy to remember and hard to guess.</p>
        <p className="field__error" role="alert">{error}</p>
        {linkBroken ? (
          <Link className="btn btn--primary" to="/reset-password">Request a new link</Link>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving…' : 'Save password and sign in'}</button>
        )}
      </form>
    </div>
  );
}

/** /reset-password (design.md §9): for customers and staff alike. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="account" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Reset your password</h1>
      <div className="account-forms reset-password">
        {token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
      </div>
      <p><Link to="/account">Back to sign in</Link></p>
    </section>
  );
}
