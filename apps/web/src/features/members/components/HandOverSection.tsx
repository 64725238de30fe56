import { useId, useState } from 'react';
import type { ProjectMember } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { PasswordField } from '@/components/ui/PasswordField';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useHandOver } from '../api/members';

/** The owner gives the project to one of its members, confirming with their password; they stay as an editor. */
export function HandOverSection({ projectId, members }: { projectId: number; members: ProjectMember[] }) {
  const others = members.filter((m) => m.role !== 'owner');
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState<number>();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const handOver = useHandOver(projectId);
  const toast = useToast();
  const selectId = useId();
  const chosen = others.find((m) => m.userId === (userId ?? others[0]?.userId));

  function close() {
    setOpen(false);
    setPassword('');
    setError(undefined);
  }

  async function confirm() {
    if (!chosen) return;
    setError(undefined);
    try {
      await handOver.mutateAsync({ userId: chosen.userId, password });
      close();
      toast.show(`${chosen.name} now owns the project. You stay as an editor.`, 'success');
    } catch (e) {
      setError(errorMessage(e, 'The project could not be handed over.'));
    }
  }

  return (
    <div>
      <h3 className="text-sm font-semibold text-zinc-900">Hand the project over</h3>
      <p className="mt-1 text-sm text-zinc-600">
        {others.length === 0
          ? 'Add a member first: the project can only go to someone in it.'
          : 'A member becomes the owner: the videos, posts and accounts move to their storage, and you stay as an editor.'}
      </p>
      <Button variant="secondary" className="mt-3" disabled={others.length === 0} onClick={() => setOpen(true)}>
        Hand over ownership…
      </Button>
      <Modal
        open={open}
        onClose={close}
        title="Hand the project over"
        description="Choose the new owner and confirm with your password."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button busy={handOver.isPending} disabled={!password} onClick={() => void confirm()}>
              Hand over
            </Button>
          </>
        }
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <FormAlert message={error} />
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-zinc-800">
              New owner
            </label>
            <select
              id={selectId}
              className={inputClasses}
              value={chosen?.userId ?? ''}
              onChange={(e) => setUserId(Number(e.target.value))}
              data-autofocus
            >
              {others.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.name} ({m.email})
                </option>
              ))}
            </select>
          </div>
          <PasswordField
            label="Your password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
        </form>
      </Modal>
    </div>
  );
}
