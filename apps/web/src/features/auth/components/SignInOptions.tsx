import { useState } from 'react';
import { usePublicConfig } from '@/features/config';
import { Button } from '@/components/ui/Button';
import { KeyIcon } from '@/components/ui/icons';

/** Passkey and identity-provider buttons, shown only when this server has them switched on. */
export function SignInOptions() {
  const { data } = usePublicConfig();
  const [note, setNote] = useState<string>();
  const providers = data?.signIn.identityProviders ?? [];
  if (!data || (!data.signIn.passkeys && providers.length === 0)) return null;

  const unavailable = (what: string) =>
    setNote(`${what} is not available in this version of the app yet. Sign in with your password instead.`);

  return (
    <div className="mt-6">
      <div className="relative my-6 flex items-center" aria-hidden="true">
        <div className="h-px flex-1 bg-zinc-200" />
        <span className="px-3 text-xs text-zinc-500">or</span>
        <div className="h-px flex-1 bg-zinc-200" />
      </div>
      <div className="space-y-2">
        {data.signIn.passkeys && (
          <Button
            variant="secondary"
            className="w-full"
            icon={<KeyIcon className="size-4" />}
            onClick={() => unavailable('Passkey sign-in')}
          >
            Use a passkey
          </Button>
        )}
        {providers.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            className="w-full"
            onClick={() => unavailable(`${provider.name} sign-in`)}
          >
            Continue with {provider.name}
          </Button>
        ))}
      </div>
      {note && (
        <p role="status" className="mt-3 text-sm text-zinc-600">
          {note}
        </p>
      )}
    </div>
  );
}
