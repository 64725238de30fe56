import { PLATFORMS, type Connection, type PlatformKey } from '@fanout/contracts';
import { Link } from 'react-router';
import { Checkbox } from '@/components/ui/Checkbox';
import { PlatformIcon } from '@/components/ui/PlatformIcon';

interface BulkSchedulePlatformsProps {
  connections: readonly Connection[];
  selected: readonly PlatformKey[];
  onToggle: (platform: PlatformKey) => void;
  error?: string;
  errorId: string;
}

/** One checkbox per account connected to the project; one that needs reconnecting cannot be chosen. */
export function BulkSchedulePlatforms({ connections, selected, onToggle, error, errorId }: BulkSchedulePlatformsProps) {
  const shown = PLATFORMS.flatMap((platform) => {
    const connection = connections.find((c) => c.platform === platform.key);
    return connection ? [{ ...platform, connection }] : [];
  });
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">Platforms</legend>
      {shown.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50 px-4 py-5 text-center">
          <p className="text-sm font-medium text-zinc-800">No platforms connected</p>
          <p className="mt-1 text-sm text-zinc-500">Connect an account for this project first.</p>
          <Link to="/accounts" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            Go to Accounts
          </Link>
        </div>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {shown.map(({ key, label, connection }) => {
            const broken = connection.status === 'needs_reconnect';
            return (
              <li key={key}>
                <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2.5 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                  <Checkbox
                    checked={selected.includes(key)}
                    disabled={broken}
                    onChange={() => onToggle(key)}
                    aria-label={label}
                  />
                  <PlatformIcon platform={key} className="size-7 rounded-lg" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-zinc-900">{label}</span>
                    <span className="block truncate text-xs text-zinc-600">
                      {broken ? 'Needs reconnecting' : connection.accountName}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
