/** Says that a form opened with what the person typed there before and did not save, with a way to drop it. */
export function DraftRestoredNote({ onDiscard }: { onDiscard(): void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <p>
        <span className="font-medium">Draft restored:</span> what you typed here before, not saved yet.
      </p>
      <button
        type="button"
        onClick={onDiscard}
        className="font-medium text-sky-900 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Discard draft
      </button>
    </div>
  );
}
