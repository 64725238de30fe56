import { cn } from './cn';
import { WarningIcon } from './icons';

/** A form's server-side failure, read out when it appears. */
export function FormAlert({ message, className }: { message?: string; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800',
        className ?? 'mb-5',
      )}
    >
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  );
}
