import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import { describeReading, zoneAbbreviation, zoneName } from '../../zoned-time';
import { describedBy, FieldMessages } from './FieldMessages';

interface WhenFieldsProps {
  zone: string;
  local: string;
  error: string | null;
  /** The two readings of a time the clocks show twice, earlier first; null when the time is not one. */
  readings: readonly [string, string] | null;
  disambiguation: 'earlier' | 'later' | undefined;
  /** What the time is for, said before the zone; the publish form's is for its Schedule button. */
  purpose?: string;
  /** The first control a dialog focuses. */
  autoFocus?: boolean;
  onLocalChange(local: string): void;
  onDisambiguationChange(choice: 'earlier' | 'later'): void;
}

/** The date and time to publish at, in the person's own zone, and which one is meant when the hour repeats. */
export function WhenFields({
  zone,
  local,
  error,
  readings,
  disambiguation,
  purpose = 'For “Schedule”.',
  autoFocus,
  onLocalChange,
  onDisambiguationChange,
}: WhenFieldsProps) {
  const id = useId();
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Date and time
        </label>
        <input
          id={id}
          data-autofocus={autoFocus || undefined}
          type="datetime-local"
          value={local}
          onChange={(event) => onLocalChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-zone`, error && `${id}-errors`)}
          className={cn(inputClasses, 'h-10 sm:max-w-64')}
        />
        <p id={`${id}-zone`} className="mt-1.5 text-xs text-zinc-500">
          {purpose && `${purpose} `}In your time zone, {zoneName(zone)} ({zoneAbbreviation(Date.now(), zone)}).{' '}
          <Link to="/security" className="font-medium text-brand-700 hover:underline">
            Change time zone
          </Link>
        </p>
        <FieldMessages id={`${id}-errors`} messages={error ? [error] : []} />
      </div>
      {readings && (
        <fieldset className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-medium text-amber-900">
            The clocks go back that night, so {local.slice(11)} happens twice in {zoneName(zone)}. Which one do you
            mean?
          </legend>
          <div className="mt-1 space-y-1.5">
            {(['earlier', 'later'] as const).map((choice, index) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-zinc-800">
                <input
                  type="radio"
                  name={`${id}-reading`}
                  value={choice}
                  checked={disambiguation === choice}
                  onChange={() => onDisambiguationChange(choice)}
                  className="size-4 accent-brand-600"
                />
                {index === 0 ? 'The first' : 'The second'}, {describeReading(readings[index]!, zone)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
