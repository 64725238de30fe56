import { useId } from 'react';
import type { Connection } from '@fanout/contracts';
import { Checkbox } from '@/components/ui/Checkbox';

interface AccountChoiceProps {
  /** The platform's name. */
  name: string;
  accounts: readonly Connection[];
  chosen: readonly number[];
  onChange(ids: number[]): void;
}

/** Which of the project's accounts of a platform the post goes to (each chosen one gets a post of its own). */
export function AccountChoice({ name, accounts, chosen, onChange }: AccountChoiceProps) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">{name} accounts</legend>
      <ul className="space-y-1.5">
        {accounts.map((account) => {
          const unusable = account.status === 'needs_reconnect';
          return (
            <li key={account.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${account.id}`}
                checked={chosen.includes(account.id)}
                disabled={unusable}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? [...chosen, account.id] : chosen.filter((other) => other !== account.id),
                  )
                }
              />
              {account.avatarUrl && <img src={account.avatarUrl} alt="" className="size-5 rounded-full bg-zinc-100" />}
              <label htmlFor={`${id}-${account.id}`} className="text-sm text-zinc-800">
                {account.accountName}
                {unusable && ' (needs reconnecting)'}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
