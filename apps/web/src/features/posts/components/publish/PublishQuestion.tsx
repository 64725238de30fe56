import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Modal } from '@/components/ui/Modal';

export interface Question {
  title: string;
  sentences: readonly string[];
  confirmLabel: string;
  /** The question is the live-account one, which the person may turn off. */
  mayStopAsking: boolean;
}

interface PublishQuestionProps {
  question: Question;
  onConfirm(stopAsking: boolean): void;
  onCancel(): void;
}

/**
 * The one question before sending: which platforms are left out because they would refuse the post, and that
 * live accounts get it at once. "Go back" has focus first, so a hurried Enter sends nothing.
 */
export function PublishQuestion({ question, onConfirm, onCancel }: PublishQuestionProps) {
  const id = useId();
  const [stopAsking, setStopAsking] = useState(false);
  return (
    <Modal
      open
      onClose={onCancel}
      title={question.title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Go back
          </Button>
          <Button onClick={() => onConfirm(stopAsking)}>{question.confirmLabel}</Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-zinc-700">
        {question.sentences.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
        {question.mayStopAsking && (
          <div className="flex items-center gap-2 pt-2">
            <Checkbox id={id} checked={stopAsking} onChange={(event) => setStopAsking(event.target.checked)} />
            <label htmlFor={id} className="text-zinc-800">
              Don’t ask me again before publishing now to a live account
            </label>
          </div>
        )}
      </div>
    </Modal>
  );
}
