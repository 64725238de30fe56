import { useState } from 'react';
import type { Passkey } from '@fanout/contracts';
import { PasskeyName } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeletePasskey } from '../api/delete-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { isReauthenticationCancelled } from '../reauthentication';

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const [name, setName] = useState(passkey.deviceName);
  const [error, setError] = useState<string>();
  const rename = useRenamePasskey();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = PasskeyName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await rename.mutateAsync({ id: passkey.id, deviceName: parsed.data });
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'The passkey could not be renamed.'));
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Rename ${passkey.deviceName}`}
      className="flex flex-wrap items-start gap-2"
    >
      <div className="min-w-48 flex-1">
        <TextField
          label="Passkey name"
          maxLength={64}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          autoFocus
        />
      </div>
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" busy={rename.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One passkey: its name and dates, with rename and delete. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePasskey();
  const toast = useToast();
  const name = passkey.deviceName;

  async function onDelete() {
    try {
      await remove.mutateAsync(passkey.id);
      setConfirming(false);
      toast.show(`Passkey “${name}” deleted.`, 'success');
    } catch (err) {
      if (isReauthenticationCancelled(err)) return;
      toast.show(errorMessage(err, 'The passkey could not be deleted.'), 'error');
    }
  }

  return (
    <li className="px-4 py-3">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-zinc-900">{name}</p>
            <p className="text-xs text-zinc-500">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon={<PencilIcon className="size-4" />}
            aria-label={`Rename ${name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            icon={<TrashIcon className="size-4" />}
            aria-label={`Delete ${name}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this passkey?"
        description={`“${name}” will no longer sign you in. Remove it from the device’s password manager too.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => void onDelete()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm text-zinc-700">Your other passkeys and your password keep working.</p>
      </Modal>
    </li>
  );
}
