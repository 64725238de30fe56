import { useId, useState } from 'react';
import { inputClasses } from '@/components/ui/Field';

interface TrimFieldsProps {
  trim: { startMs: number; endMs: number };
  durationMs: number | null;
  onChange(trim: { startMs: number; endMs: number }): void;
}

/** Start and end in seconds; a range that is not one (end before start, past the end) is said, not sent. */
export function TrimFields({ trim, durationMs, onChange }: TrimFieldsProps) {
  const id = useId();
  const [start, setStart] = useState(String(trim.startMs / 1000));
  const [end, setEnd] = useState(String(trim.endMs / 1000));
  const [problem, setProblem] = useState<string | null>(null);

  function change(nextStart: string, nextEnd: string) {
    setStart(nextStart);
    setEnd(nextEnd);
    const startMs = Math.round(Number(nextStart) * 1000);
    const endMs = Math.round(Number(nextEnd) * 1000);
    const wrong =
      nextStart === '' || nextEnd === '' || !Number.isFinite(startMs) || !Number.isFinite(endMs) || startMs < 0
        ? 'Enter the start and end in seconds.'
        : endMs <= startMs
          ? 'The end must come after the start.'
          : durationMs !== null && endMs > durationMs
            ? `The video ends at ${durationMs / 1000} s.`
            : null;
    setProblem(wrong);
    if (!wrong) onChange({ startMs, endMs });
  }

  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">Part kept</legend>
      <div className="flex flex-wrap gap-3">
        {[
          { key: 'start', label: 'Start (seconds)', value: start, set: (v: string) => change(v, end) },
          { key: 'end', label: 'End (seconds)', value: end, set: (v: string) => change(start, v) },
        ].map((field) => (
          <div key={field.key}>
            <label htmlFor={`${id}-${field.key}`} className="mb-1 block text-xs text-zinc-700">
              {field.label}
            </label>
            <input
              id={`${id}-${field.key}`}
              type="number"
              min={0}
              step={0.1}
              value={field.value}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => field.set(event.target.value)}
              className={`${inputClasses} w-28`}
            />
          </div>
        ))}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-600">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
