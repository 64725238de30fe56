import { TextField } from '@/components/ui/Field';
import { describeReading, formatInZone, zoneName } from '@/features/posts';
import { INTERVAL_MAX_MINUTES, type BulkScheduleDraft, type BulkScheduleErrors } from '../bulk-schedule-form';

interface BulkScheduleWhenProps {
  draft: BulkScheduleDraft;
  onChange: (change: Partial<BulkScheduleDraft>) => void;
  zone: string;
  count: number;
  /** Both readings of a time the clocks show twice. */
  ambiguous?: [string, string];
  errors: BulkScheduleErrors;
  /** When the first and the last video go out, when the time is valid. */
  span?: { first: string; last: string };
}

/** The first video's time on the user's clock, and the spacing of the others. */
export function BulkScheduleWhen({ draft, onChange, zone, count, ambiguous, errors, span }: BulkScheduleWhenProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        type="datetime-local"
        label={count > 1 ? 'First video at' : 'Date and time'}
        value={draft.local}
        onChange={(e) => onChange({ local: e.target.value, disambiguation: undefined })}
        required
        error={errors.when}
        hint={`In your time zone, ${zoneName(zone)}.`}
      />
      {count > 1 && (
        <TextField
          type="number"
          label="Space them by (minutes)"
          value={draft.interval}
          onChange={(e) => onChange({ interval: e.target.value })}
          min={0}
          max={INTERVAL_MAX_MINUTES}
          step={1}
          inputMode="numeric"
          error={errors.interval}
          hint="0 sends them all at the same time."
        />
      )}
      {ambiguous && (
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-zinc-800">This time happens twice that day</legend>
          <div className="flex flex-wrap gap-4">
            {(['earlier', 'later'] as const).map((choice, i) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-zinc-700">
                <input
                  type="radio"
                  name="disambiguation"
                  className="accent-brand-600"
                  checked={draft.disambiguation === choice}
                  onChange={() => onChange({ disambiguation: choice })}
                />
                {i === 0 ? 'The first' : 'The second'}, {describeReading(ambiguous[i]!, zone)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {span && count > 1 && (
        <p className="text-sm text-zinc-600 sm:col-span-2" aria-live="polite">
          {span.first === span.last
            ? `All ${count} videos go out at ${formatInZone(span.first, zone)}.`
            : `From ${formatInZone(span.first, zone)} to ${formatInZone(span.last, zone)}.`}
        </p>
      )}
    </div>
  );
}
