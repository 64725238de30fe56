import { Button } from '@/components/ui/Button';
import { WarningIcon } from '@/components/ui/icons';

interface DuplicateChoiceProps {
  title: string;
  onOpenFirst: () => void;
  onKeepBoth: () => void;
  busy?: boolean;
}

/** "“title” is already in this project", with its two choices: the row of a list item. */
export function DuplicateChoice({ title, onOpenFirst, onKeepBoth, busy = false }: DuplicateChoiceProps) {
  return (
    <>
      <WarningIcon className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-amber-900">
        “{title}” is already in this project. Open the one uploaded first, or keep both copies?
      </p>
      <div className="flex gap-2">
        <Button size="sm" busy={busy} onClick={onOpenFirst}>
          Open the first
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={onKeepBoth}>
          Keep both
        </Button>
      </div>
    </>
  );
}
