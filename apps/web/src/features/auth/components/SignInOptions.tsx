import { useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { usePublicConfig } from '@/features/config';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { useStartIdentityProviderSignIn } from '../api/identity-provider-start';
import { useVerifyPasskeySignIn, type PasskeyVerifyBody } from '../api/passkey-authenticate-verify';
import { usePasskeyAutofill } from '../hooks/use-passkey-autofill';
import {
  isPasskeyPromptCancelled,
  PASSKEY_CANCELLED,
  PASSKEY_FAILED,
  PASSKEY_UNSUPPORTED,
  requestPasskeyAssertion,
} from '../passkey-sign-in';
import { FormAlert } from '@/components/ui/FormAlert';

interface SignInOptionsProps {
  /** what is typed in "Username or e-mail"; may be empty (the passkey then names the account) */
  identifier: string;
  /** the session is stored: leave the sign-in screen */
  onSignedIn: () => void;
}

type Message = { tone: 'note' | 'error'; text: string };

/** Passkey and identity-provider buttons, shown only when this server has them switched on. */
export function SignInOptions({ identifier, onSignedIn }: SignInOptionsProps) {
  const { data } = usePublicConfig();
  const passkeys = data?.signIn.passkeys ?? false;
  const providers = data?.signIn.identityProviders ?? [];
  const [message, setMessage] = useState<Message>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const verify = useVerifyPasskeySignIn();
  const start = useStartIdentityProviderSignIn();
  const autofill = usePasskeyAutofill(passkeys, (assertion) => void finishPasskeySignIn(assertion));

  async function finishPasskeySignIn(assertion: PasskeyVerifyBody) {
    setMessage(undefined);
    setPasskeyBusy(true);
    try {
      await verify.mutateAsync(assertion);
      onSignedIn();
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, PASSKEY_FAILED) });
      setPasskeyBusy(false);
      autofill.restart();
    }
  }

  async function signInWithPasskey() {
    autofill.stop();
    setMessage(undefined);
    if (!browserSupportsWebAuthn()) {
      setMessage({ tone: 'note', text: PASSKEY_UNSUPPORTED });
      return;
    }
    setPasskeyBusy(true);
    try {
      const assertion = await requestPasskeyAssertion({ identifier: identifier.trim() });
      if (!assertion) return;
      await verify.mutateAsync(assertion);
      onSignedIn();
    } catch (error) {
      setMessage(
        isPasskeyPromptCancelled(error)
          ? { tone: 'note', text: PASSKEY_CANCELLED }
          : { tone: 'error', text: errorMessage(error, PASSKEY_FAILED) },
      );
      setPasskeyBusy(false);
      autofill.restart();
    }
  }

  function continueWith(provider: { id: string; name: string }) {
    setMessage(undefined);
    start.mutate(provider.id, {
      onError: (error) => setMessage({ tone: 'error', text: errorMessage(error, `${provider.name} login failed`) }),
    });
  }

  if (!data || (!passkeys && providers.length === 0)) return null;

  return (
    <div className="mt-6">
      <div className="relative my-6 flex items-center" aria-hidden="true">
        <div className="h-px flex-1 bg-zinc-200" />
        <span className="px-3 text-xs text-zinc-500">or</span>
        <div className="h-px flex-1 bg-zinc-200" />
      </div>
      <div className="space-y-2">
        {passkeys && (
          <Button
            variant="secondary"
            className="w-full"
            icon={<KeyIcon className="size-4" />}
            busy={passkeyBusy}
            onClick={() => void signInWithPasskey()}
          >
            Use a passkey
          </Button>
        )}
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            className="w-full"
            // Still busy once the start succeeded: the window is on its way to the provider.
            busy={start.variables === provider.id && (start.isPending || start.isSuccess)}
            onClick={() => continueWith(provider)}
          >
            Continue with {provider.name}
          </Button>
        ))}
      </div>
      <div className="mt-3">
        {message?.tone === 'error' && <FormAlert message={message.text} />}
        <p role="status" className="text-sm text-zinc-600">
          {message?.tone === 'note' ? message.text : null}
        </p>
      </div>
    </div>
  );
}
