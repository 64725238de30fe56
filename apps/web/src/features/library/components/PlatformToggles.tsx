import { PLATFORMS, type PlatformKey } from '@fanout/contracts';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/icons';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { cn } from '@/components/ui/cn';

interface PlatformTogglesProps {
  available: readonly PlatformKey[];
  selected: readonly PlatformKey[];
  onToggle: (key: PlatformKey) => void;
  labelId: string;
  errorId?: string;
}

/** One toggle button per connected platform, in the fixed platform order. */
export function PlatformToggles({ available, selected, onToggle, labelId, errorId }: PlatformTogglesProps) {
  const shown = PLATFORMS.filter((p) => available.includes(p.key));
  if (shown.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-300 bg-zinc-50 px-4 py-5 text-center">
        <p className="text-sm font-medium text-zinc-800">No platforms connected</p>
        <p className="mt-1 text-sm text-zinc-500">Connect platforms in the Accounts section first</p>
        <Link to="/accounts" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
          Go to Accounts
        </Link>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorId} className="grid gap-2 sm:grid-cols-2">
      {shown.map((platform) => {
        const on = selected.includes(platform.key);
        return (
          <button
            key={platform.key}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(platform.key)}
            className={cn(
              'flex items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              on
                ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                : 'border-zinc-200 bg-white hover:border-zinc-300',
            )}
          >
            <PlatformIcon platform={platform.key} className="size-8 rounded-lg" />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium text-zinc-900">{platform.label}</span>
              <span className="block text-xs text-zinc-500">{platform.subtitle}</span>
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 items-center justify-center rounded-full border',
                on ? 'border-brand-600 bg-brand-600 text-white' : 'border-zinc-300',
              )}
            >
              {on && <CheckIcon className="size-3.5" />}
            </span>
          </button>
        );
      })}
    </div>
  );
}
