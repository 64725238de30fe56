import { useId, useState, type FormEvent } from 'react';
import { IDEA_COLUMNS, type Idea, type IdeaColumn } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { COLUMN_LABELS, columnsOf, moveRefusal } from '../board-moves';

interface MoveIdeaDialogProps {
  idea: Idea;
  ideas: Idea[];
  onClose(): void;
  /** Column and 0-based position. */
  onMove(idea: Idea, column: IdeaColumn, position: number): void;
}

/** The keyboard and screen-reader way to do what a drag does: a column and a place in it. */
export function MoveIdeaDialog({ idea, ideas, onClose, onMove }: MoveIdeaDialogProps) {
  const id = useId();
  const columns = columnsOf(ideas);
  const [column, setColumn] = useState<IdeaColumn>(idea.column);
  const others = columns[column].filter((other) => other.id !== idea.id);
  const [position, setPosition] = useState(column === idea.column ? idea.position : others.length);
  const refusal = moveRefusal(idea, column);
  const formId = `${id}-form`;

  function chooseColumn(next: IdeaColumn) {
    setColumn(next);
    const count = columns[next].filter((other) => other.id !== idea.id).length;
    setPosition(next === idea.column ? idea.position : count);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (refusal) return;
    onMove(idea, column, position);
    onClose();
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Move “${idea.title}”`}
      description="Choose a column and a place in it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={refusal !== null}>
            Move
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-column`} className="mb-1.5 block text-sm font-medium text-zinc-800">
            Column
          </label>
          <select
            id={`${id}-column`}
            data-autofocus
            value={column}
            aria-describedby={refusal ? `${id}-refusal` : undefined}
            onChange={(event) => chooseColumn(event.target.value as IdeaColumn)}
            className={cn(inputClasses, 'h-10')}
          >
            {IDEA_COLUMNS.map((c) => (
              <option key={c} value={c}>
                {COLUMN_LABELS[c]}
              </option>
            ))}
          </select>
          {refusal && (
            <p id={`${id}-refusal`} role="alert" className="mt-1.5 text-sm text-amber-800">
              {refusal}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-position`} className="mb-1.5 block text-sm font-medium text-zinc-800">
            Position
          </label>
          <select
            id={`${id}-position`}
            value={position}
            disabled={refusal !== null}
            onChange={(event) => setPosition(Number(event.target.value))}
            className={cn(inputClasses, 'h-10')}
          >
            {Array.from({ length: others.length + 1 }, (_, index) => (
              <option key={index} value={index}>
                {index === 0
                  ? 'At the top'
                  : index === others.length
                    ? `At the bottom (after “${others[index - 1]!.title}”)`
                    : `After “${others[index - 1]!.title}”`}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
