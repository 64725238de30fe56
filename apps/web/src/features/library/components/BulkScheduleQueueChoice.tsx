/** At one time (spaced), or into each platform's next free posting slots in the order selected. */
export function BulkScheduleQueueChoice({ queue, onChange }: { queue: boolean; onChange: (queue: boolean) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">When</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1.5">
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="radio"
            name="bulk-when"
            className="accent-brand-600"
            checked={!queue}
            onChange={() => onChange(false)}
          />
          At a time
        </label>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="radio"
            name="bulk-when"
            className="accent-brand-600"
            checked={queue}
            onChange={() => onChange(true)}
          />
          Add to queue
        </label>
      </div>
      {queue && (
        <p className="mt-1.5 text-sm text-zinc-600">
          In the order selected, each video takes the next free posting slot of each platform (Project Settings →
          Posting slots).
        </p>
      )}
    </fieldset>
  );
}
