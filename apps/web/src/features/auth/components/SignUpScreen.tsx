import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_RULE } from '@fanout/contracts';
import { usePageTitle } from '@/features/config';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { errorMessage } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { REGISTRATION_FAILED, validateSignUp, type SignUpField } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormAlert } from '@/components/ui/FormAlert';
import { PasswordField } from '@/components/ui/PasswordField';

type Values = Record<SignUpField, string>;

export function SignUpScreen() {
  usePageTitle('Create your account');
  const [values, setValues] = useState<Values>({ fullName: '', email: '', username: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const register = useRegister();
  const navigate = useNavigate();
  // Where a guard or a link (an invitation) sent the person from: they go back there once signed up.
  const from = (useLocation().state as { from?: string } | null)?.from;

  const errors = validateSignUp(values);
  const shown = (field: SignUpField) => (submitted || touched[field] ? errors[field] : undefined);
  const set = (field: SignUpField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  // Leaving a field empty is not yet a mistake (the user may be on the way to a link): judge it once typed in.
  const blur = (field: SignUpField) => () => {
    if (values[field] !== '') setTouched((t) => ({ ...t, [field]: true }));
  };
  /** What every text field of the form is wired with. */
  const bind = (field: SignUpField) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
    onBlur: blur(field),
    error: shown(field),
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    setServerError(undefined);
    try {
      await register.mutateAsync(values);
      void navigate(from ?? '/', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, REGISTRATION_FAILED));
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to="/login" state={from ? { from } : undefined} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert message={serverError} />
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign up">
        <TextField label="Full name" name="name" autoComplete="name" {...bind('fullName')} autoFocus />
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          spellCheck={false}
          {...bind('email')}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('username')}
          hint="Letters, digits, “.”, “_” and “-”; 3 to 30 characters."
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          onBlur={blur('password')}
          error={shown('password')}
          hint={`At least ${PASSWORD_RULE.min} characters. A short sentence is easy to remember and hard to guess.`}
        />
        <Button type="submit" size="lg" className="w-full" busy={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <p className="mt-6 text-xs text-zinc-500">No credit card required.</p>
    </AuthLayout>
  );
}
