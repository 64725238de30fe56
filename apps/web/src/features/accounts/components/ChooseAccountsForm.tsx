import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { platformLabel } from '../connect-outcome';
import type { PendingChoice } from '../hooks/use-connect-outcome';

interface ChooseAccountsFormProps {
  choice: PendingChoice;
  busy: boolean;
  onConnect(accountIds: string[]): void;
  onCancel(): void;
}

/**
 * The accounts one grant gave (a Facebook user's Pages), as checkboxes: each one chosen becomes a connection of
 * its own. Nothing is connected until Connect; an account the project already has is renewed, and says so.
 */
export function ChooseAccountsForm({ choice, busy, onConnect, onCancel }: ChooseAccountsFormProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [unchosen, setUnchosen] = useState(false);
  const label = platformLabel(choice.platform);
  const noun = choice.platform === 'facebook' ? 'Pages' : 'accounts';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0) return setUnchosen(true);
    onConnect(chosen);
  }

  function toggle(id: string, on: boolean) {
    setUnchosen(false);
    setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby="choose-accounts-title"
      className="mb-5 rounded-xl border border-zinc-200 bg-white p-4"
    >
      <h2 id="choose-accounts-title" className="text-sm font-semibold text-zinc-900">
        Choose the {label} {noun} to connect
      </h2>
      <fieldset className="mt-3" aria-describedby={unchosen ? 'choose-accounts-error' : undefined}>
        <legend className="text-sm text-zinc-600">
          Your {label} sign-in gave {choice.accounts.length} {noun}. Each one you choose becomes its own account here.
        </legend>
        <ul className="mt-2 space-y-2">
          {choice.accounts.map((account) => (
            <li key={account.accountId}>
              <label className="flex cursor-pointer items-center gap-3 text-sm text-zinc-900">
                <Checkbox
                  checked={chosen.includes(account.accountId)}
                  onChange={(e) => toggle(account.accountId, e.target.checked)}
                />
                {account.avatarUrl && (
                  <img src={account.avatarUrl} alt="" className="size-8 shrink-0 rounded-full bg-zinc-100" />
                )}
                <span>
                  {account.accountName}
                  {account.connectionId !== null && (
                    <span className="ml-2 text-zinc-600">(already connected: reconnects it)</span>
                  )}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {unchosen && (
        <p id="choose-accounts-error" role="alert" className="mt-2 text-sm text-red-700">
          Choose at least one of the {noun}.
        </p>
      )}
      <div className="mt-4 flex gap-2">
        <Button type="submit" busy={busy}>
          Connect chosen {noun}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
