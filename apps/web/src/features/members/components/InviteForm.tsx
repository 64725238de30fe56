import { useId, useState } from 'react';
import type { InvitationCreated, MemberRole } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { useToast } from '@/components/ui/Toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAddMember, useInvite } from '../api/members';
import { RoleSelect } from './RoleSelect';

/**
 * Someone by e-mail address, with a role: added at once when they have an account, or invited with a link
 * (always shown to copy; it also says whether it was e-mailed).
 */
export function InviteForm({ projectId }: { projectId: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('editor');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<InvitationCreated>();
  const add = useAddMember(projectId);
  const invite = useInvite(projectId);
  const toast = useToast();
  const roleId = useId();

  async function onAdd() {
    setError(undefined);
    try {
      await add.mutateAsync({ email, role });
      toast.show(`${email} added.`, 'success');
      setEmail('');
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'no_account'
          ? 'No account uses that address: send an invitation instead.'
          : errorMessage(e, 'They could not be added.'),
      );
    }
  }

  async function onInvite(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      setCreated(await invite.mutateAsync({ email, role }));
      setEmail('');
    } catch (e) {
      setError(errorMessage(e, 'The invitation could not be made.'));
    }
  }

  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void onInvite(e)} noValidate className="space-y-3" aria-label="Add or invite someone">
        <FormAlert message={error} />
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            label="E-mail address"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
          <div>
            <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-zinc-800">
              Role
            </label>
            <RoleSelect id={roleId} value={role} onChange={setRole} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={invite.isPending} disabled={!email.trim()}>
            Invite by e-mail
          </Button>
          <Button variant="secondary" busy={add.isPending} disabled={!email.trim()} onClick={() => void onAdd()}>
            Add someone with an account
          </Button>
        </div>
      </form>
      {created && <InvitationLink created={created} />}
    </div>
  );
}

function InvitationLink({ created }: { created: InvitationCreated }) {
  const toast = useToast();
  const { invitation, emailed } = created;
  async function copy() {
    try {
      await navigator.clipboard.writeText(invitation.url);
      toast.show('Link copied.', 'success');
    } catch {
      toast.show('Select the link and copy it.', 'error');
    }
  }
  return (
    <div role="status" className="rounded-xl border border-zinc-200 bg-zinc-50 p-4">
      <p className="text-sm text-zinc-700">
        {emailed
          ? `Invitation e-mailed to ${invitation.email}. You can also send them this link:`
          : `The invitation was not e-mailed. Copy this link and send it to ${invitation.email}:`}
      </p>
      <div className="mt-2 flex gap-2">
        <div className="flex-1">
          <TextField label="Invitation link" value={invitation.url} readOnly onFocus={(e) => e.target.select()} />
        </div>
        <Button variant="secondary" className="self-end" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p className="mt-2 text-xs text-zinc-600">
        It works once, until {new Date(invitation.expiresAt).toLocaleString()}.
      </p>
    </div>
  );
}
