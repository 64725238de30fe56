import { Button } from '@/components/ui/Button';
import type { MoveOutcome } from '../hooks/use-move-post';

interface MoveNoticeProps {
  outcome: MoveOutcome | null;
  busy: boolean;
  onUndo(): void;
  onDismiss(): void;
}

/** The last move: where the post went, with Undo; or the server's reasons for refusing it. */
export function MoveNotice({ outcome, busy, onUndo, onDismiss }: MoveNoticeProps) {
  return (
    <div aria-live="polite" className="mb-3 min-h-0">
      {outcome?.kind === 'moved' && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-900">
          <p className="flex-1">{outcome.message}</p>
          <Button size="sm" variant="secondary" busy={busy} onClick={onUndo}>
            Undo
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      )}
      {outcome?.kind === 'refused' && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800">
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex-1 font-medium">{outcome.message}</p>
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
          {outcome.violations.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {outcome.violations.map((v) => (
                <li key={`${v.platform}-${v.field}-${v.rule}`}>{v.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
