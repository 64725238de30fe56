import { CloseIcon, WarningIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import type { ConnectOutcome } from '../connect-outcome';

/** What came back from the platform's authorize page (and its confirmation), read out when it appears. */
export function ConnectOutcomeBanner({ outcome, onDismiss }: { outcome: ConnectOutcome | null; onDismiss(): void }) {
  if (!outcome) return null;
  const error = outcome.tone === 'error';
  return (
    <div
      // A new region per tone: a message that turns into an alert is announced as one.
      key={outcome.tone}
      role={error ? 'alert' : 'status'}
      className={cn(
        'mb-5 flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm',
        error && 'border-red-200 bg-red-50 text-red-800',
        outcome.tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-800',
        outcome.tone === 'progress' && 'border-zinc-200 bg-white text-zinc-700',
      )}
    >
      {error && <WarningIcon className="mt-0.5 size-4 shrink-0" />}
      <p className="flex-1">{outcome.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
