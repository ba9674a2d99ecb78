import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { firstErrorByField } from '../../../shared/schemas/fields';
import { AUTH_MESSAGES, registerSchema } from '../../../shared/schemas/auth';
import { useRegisterCustomer } from '../../api/account';
import { authErrorMessage } from '../../auth/auth-errors';
import { useAuth } from '../../auth/useAuth';
import { useAutoClear, useNotify } from '../../components/notifications';
import { TextField } from '../checkout/FormField';

function SignInForm() {
  const { login } = useAuth();
  const { notify } = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useAutoClear(error, () => setError(null));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.fillAllFields);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await login(email.trim(), password);
      notify(`Welcome back, ${user.firstName}!`);
    } catch (caught) {
      setError(authErrorMessage(caught, AUTH_MESSAGES.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-card">
      <h2 id="sign-in-heading">Sign in</h2>
      <form onSubmit={submit} noValidate aria-labelledby="sign-in-heading">
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p className="field__error" role="alert">{error}</p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </button>
        <p className="account-card__forgot"><Link to="/reset-password">Forgot password?</Link></p>
      </form>
    </div>
  );
}

const EMPTY = { email: '', password: '', firstName: '', lastName: '', phone: '' };

/** Reached from an order's confirmation (`/account?order=VP-…&email=…`): that guest order joins the new account. */
function RegisterForm() {
  const { notify } = useNotify();
  const [params] = useSearchParams();
  const claimedOrder = params.get('order') ?? undefined;
  const [values, setValues] = useState(() => ({ ...EMPTY, email: params.get('email') ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useAutoClear(error, () => setError(null));
  const registerCustomer = useRegisterCustomer();
  const busy = registerCustomer.isPending;

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value });
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { ...values, phone: values.phone.trim() || undefined, orderNumber: claimedOrder };
    const parsed = registerSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(firstErrorByField(parsed.error));
      return;
    }
    setError(null);
    try {
      await registerCustomer.mutateAsync(parsed.data);
      notify('Account created. Welcome to the villa!');
    } catch (caught) {
      setError(authErrorMessage(caught, AUTH_MESSAGES.registrationFailed));
    }
  }

  return (
    <div className="account-card">
      <h2 id="register-heading">Create an account</h2>
      <form onSubmit={submit} noValidate aria-labelledby="register-heading">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField label="Email address" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField label="Choose a password" type="password" autoComplete="new-password" {...field('password')} />
        <p className="field__error" role="alert">{error}</p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Creating account...' : 'Create account'}
        </button>
      </form>
    </div>
  );
}

export function AccountForms() {
  return (
    <div className="account-forms">
      <SignInForm />
      <RegisterForm />
    </div>
  );
}
