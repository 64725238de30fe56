import { useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { KeyIcon, PlusIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { isPasskeyPromptCancelled } from '@/features/auth';
import { isReauthenticationCancelled } from '../reauthentication';
import { PasskeyItem } from './PasskeyItem';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';

function AddPasskeyForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddPasskey();
  const toast = useToast();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await add.mutateAsync(name);
      toast.show('Passkey added', 'success');
      onClose();
    } catch (err) {
      if (isReauthenticationCancelled(err)) return;
      setError(
        isPasskeyPromptCancelled(err)
          ? 'No passkey was created: the browser prompt was closed or timed out.'
          : errorMessage(err, 'The passkey could not be added.'),
      );
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey" className="space-y-4">
      <FormAlert message={error} className="mb-0" />
      <TextField
        label="Passkey name"
        hint="For example “Work laptop” or “Pixel phone”. Left empty, it is named after this browser and system."
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={add.isPending}>
          {add.isPending ? 'Waiting for the browser…' : 'Create passkey'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function PasskeysSection() {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = browserSupportsWebAuthn();

  return (
    <SecuritySection
      id="passkeys"
      title="Passkeys"
      icon={KeyIcon}
      description="Sign in with your fingerprint, face or device PIN instead of a password. A passkey cannot be phished and counts as both factors."
    >
      {passkeys.data ? (
        <div className="space-y-4">
          {passkeys.data.passkeys.length === 0 ? (
            <p className="text-sm text-zinc-600">No passkeys yet</p>
          ) : (
            <ul aria-label="Passkeys" className="divide-y divide-zinc-100 rounded-xl border border-zinc-200">
              {passkeys.data.passkeys.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )}
          {!supported ? (
            <p className="text-sm text-zinc-600">This browser cannot create passkeys.</p>
          ) : adding ? (
            <AddPasskeyForm onClose={() => setAdding(false)} />
          ) : (
            <Button variant="secondary" icon={<PlusIcon className="size-4" />} onClick={() => setAdding(true)}>
              Add a passkey
            </Button>
          )}
        </div>
      ) : (
        <SectionLoadState query={passkeys} what="your passkeys" />
      )}
    </SecuritySection>
  );
}
