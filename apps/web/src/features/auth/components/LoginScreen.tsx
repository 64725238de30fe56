import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '@/features/config';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { LOGIN_FAILED, validateLogin, type LoginField } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormAlert } from '@/components/ui/FormAlert';
import { PasswordField } from '@/components/ui/PasswordField';
import { SignInOptions } from './SignInOptions';
import { TwoFactorStep } from './TwoFactorStep';

export function LoginScreen() {
  usePageTitle('Sign in');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  const finish = () => void navigate(from && from !== '/login' ? from : '/', { replace: true });

  function revalidate(next: { identifier: string; password: string }) {
    if (submitted) setErrors(validateLogin(next));
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLogin({ identifier, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerError(undefined);
    try {
      const result = await login.mutateAsync({ identifier: identifier.trim(), password });
      if ('requires2FA' in result) setNeedsSecondFactor(true);
      else finish();
    } catch (error) {
      setServerError(errorMessage(error, LOGIN_FAILED));
    }
  }

  if (needsSecondFactor) {
    return (
      <TwoFactorStep
        verify={async (code) =>
          'token' in (await login.mutateAsync({ identifier: identifier.trim(), password, ...code }))
        }
        onDone={finish}
        onBack={() => {
          setNeedsSecondFactor(false);
          setPassword('');
        }}
      />
    );
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={
        <>
          New here?{' '}
          <Link to="/signup" state={from ? { from } : undefined} className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <FormAlert message={serverError} />
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign in">
        <TextField
          label="Username or e-mail"
          name="username"
          // "webauthn": where the browser can, it offers this site's passkeys in the field's autofill.
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => {
            setIdentifier(e.target.value);
            revalidate({ identifier: e.target.value, password });
          }}
          error={errors.identifier}
          autoFocus
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            revalidate({ identifier, password: value });
          }}
          error={errors.password}
        />
        <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <SignInOptions identifier={identifier} onSignedIn={finish} />
    </AuthLayout>
  );
}
