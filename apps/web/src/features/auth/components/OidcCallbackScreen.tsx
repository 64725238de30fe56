import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle, usePublicConfig } from '@/features/config';
import { ApiError } from '@/lib/api-client';
import { useIdentityProviderSecondFactor } from '../api/identity-provider-second-factor';
import { useIdentityProviderSignIn } from '../api/identity-provider-sign-in';
import { parseIdentityProviderCallback, takeIdentityProviderSignIn } from '../identity-provider-state';
import { AuthLayout } from './AuthLayout';
import { FormAlert } from '@/components/ui/FormAlert';
import { TwoFactorStep, type SecondFactorCode } from './TwoFactorStep';

/** The only provider this server signs in with; used when the tab kept no record of the sign-in. */
const DEFAULT_PROVIDER = 'google';

/** How the sign-in failed: the server's own words, or a reason to add to "<provider> login failed". */
type Failure = { serverError: string } | { reason?: string };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Where the identity provider sends the window back (`/login/oidc-callback#id_token=…&state=…`).
 * Checks the state against the one this tab stored, posts the ID token once, and opens the library;
 * for an account with two-factor on, only after its code (the login screen's second step).
 */
export function OidcCallbackScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const signIn = useIdentityProviderSignIn();
  const secondFactor = useIdentityProviderSecondFactor();
  const [providerId, setProviderId] = useState(DEFAULT_PROVIDER);
  const [failure, setFailure] = useState<Failure>();
  /** The server's ticket while the account's second factor is asked for. */
  const [challengeKey, setChallengeKey] = useState<string>();
  // React's development double effects (StrictMode) must not read the state twice or post twice.
  const handled = useRef(false);
  usePageTitle(failure ? 'Sign-in failed' : 'Signing in');

  const providerName =
    config.data?.signIn.identityProviders.find((provider) => provider.id === providerId)?.name ??
    capitalize(providerId);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const answer = parseIdentityProviderCallback(location.hash);
    const pending = takeIdentityProviderSignIn();
    if (pending) setProviderId(pending.provider);
    // The ID token leaves the address bar and the history entry at once.
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });

    if (answer.error) {
      setFailure({ reason: (answer.errorDescription || answer.error).slice(0, 200) });
      return;
    }
    if (!pending || !answer.state || answer.state !== pending.state) {
      setFailure({ reason: 'this sign-in was not started here, or it expired. Try again.' });
      return;
    }
    if (!answer.idToken) {
      setFailure({});
      return;
    }
    const body = { credential: answer.idToken, state: answer.state };
    void signIn.mutateAsync({ providerId: pending.provider, body }).then(
      (result) => {
        if ('requires2FA' in result) setChallengeKey(result.challengeKey);
        else void navigate('/', { replace: true });
      },
      (error: unknown) => setFailure(error instanceof ApiError && error.message ? { serverError: error.message } : {}),
    );
  }, [location, navigate, signIn]);

  if (challengeKey && !failure) {
    const verify = async (code: SecondFactorCode) => {
      await secondFactor.mutateAsync({ providerId, body: { challengeKey, ...code } });
      return true;
    };
    return (
      <TwoFactorStep
        verify={verify}
        onDone={() => void navigate('/', { replace: true })}
        onBack={() => void navigate('/login')}
      />
    );
  }

  if (!failure) {
    return (
      <AuthLayout title="Signing you in" subtitle={`Finishing your ${providerName} sign-in…`}>
        <p role="status" className="text-sm text-zinc-600">
          One moment…
        </p>
      </AuthLayout>
    );
  }

  const message =
    'serverError' in failure
      ? failure.serverError
      : `${providerName} login failed${failure.reason ? `: ${failure.reason}` : ''}`;

  return (
    <AuthLayout title="Sign-in failed" subtitle="You are not signed in.">
      <FormAlert message={message} />
      <Link to="/login" className="text-sm font-medium text-brand-700 hover:underline">
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
