import { useId } from 'react';
import type { Connection } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { ConnectionHealth } from './ConnectionHealth';

interface AccountRowProps {
  connection: Connection;
  /** How the buttons name the account: the platform alone when it is the only one, else with the account. */
  name: string;
  available: boolean;
  busy: boolean;
  onReconnect(): void;
  onDisconnect(): void;
}

/** One connected account of a platform: avatar, name, health, and Reconnect / Disconnect. */
export function AccountRow({ connection, name, available, busy, onReconnect, onDisconnect }: AccountRowProps) {
  const reasonId = useId();
  const allowId = useId();
  const missing = connection.missingFeatures;
  const describedBy = [connection.statusReason ? reasonId : '', missing.length ? allowId : ''].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 border-t border-zinc-100 pt-2 first:border-t-0 first:pt-0">
      <div>
        <p className="mb-1.5 flex min-w-0 items-center gap-2 text-sm font-medium text-zinc-900">
          {connection.avatarUrl && (
            <img src={connection.avatarUrl} alt="" className="size-6 shrink-0 rounded-full bg-zinc-100" />
          )}
          <span className="truncate">{connection.accountName}</span>
        </p>
        <ConnectionHealth connection={connection} reasonId={reasonId} />
        {missing.length > 0 && (
          // The grant predates a scope Fanout now asks for: it still publishes, and reconnecting adds the feature.
          <p id={allowId} className="mt-1 text-sm text-zinc-600">
            Reconnect to allow {joinLabels(missing.map((m) => m.label))}.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={connection.status === 'connected' ? 'secondary' : 'primary'}
          size="sm"
          busy={busy}
          disabled={!available}
          aria-label={`Reconnect ${name}`}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          onClick={onReconnect}
        >
          Reconnect
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Disconnect ${name}`} onClick={onDisconnect}>
          Disconnect
        </Button>
      </div>
    </li>
  );
}

function joinLabels(labels: string[]): string {
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}
