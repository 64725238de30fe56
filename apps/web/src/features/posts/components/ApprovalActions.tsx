import { useState, type FormEvent } from 'react';
import type { Post } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { TextAreaField } from '@/components/ui/Field';
import { CheckIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useApproval } from '../api/approve-posts';
import { platformName } from '../platform-names';
import { approvalOverdue } from '../post-status';

/**
 * Approve and Request changes on a post awaiting approval, for those who may approve (owner, reviewer, client).
 * An overdue post is published at once when approved, and the button says so. Asking for changes takes a note.
 */
export function ApprovalActions({ post }: { post: Post }) {
  const { approve, requestChanges } = useApproval();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const name = platformName(post.platform);
  const overdue = approvalOverdue(post);

  const onApprove = () =>
    approve.mutate(post.id, {
      onSuccess: () =>
        toast.show(
          overdue ? `Approved: the ${name} post is published now.` : `The ${name} post is approved.`,
          'success',
        ),
      onError: (err) => toast.show(errorMessage(err, `The ${name} post could not be approved.`), 'error'),
    });
  const onAsk = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return;
    requestChanges.mutate(
      { id: post.id, comment: comment.trim() },
      {
        onSuccess: () => {
          setAsking(false);
          setComment('');
          toast.show(`Changes asked for on the ${name} post.`, 'success');
        },
        onError: (err) => toast.show(errorMessage(err, 'Your request could not be sent.'), 'error'),
      },
    );
  };

  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      <Button size="sm" icon={<CheckIcon className="size-4" />} busy={approve.isPending} onClick={onApprove}>
        {overdue ? 'Approve and publish now' : 'Approve'}
      </Button>
      {!asking && (
        <Button size="sm" variant="secondary" aria-expanded={false} onClick={() => setAsking(true)}>
          Request changes
        </Button>
      )}
      {asking && (
        <form onSubmit={onAsk} className="w-full space-y-2">
          <TextAreaField
            label="What should change?"
            value={comment}
            maxLength={2000}
            required
            onChange={(event) => setComment(event.target.value)}
          />
          <div className="flex gap-2">
            <Button size="sm" type="submit" busy={requestChanges.isPending} disabled={!comment.trim()}>
              Send request
            </Button>
            <Button size="sm" variant="secondary" type="button" onClick={() => setAsking(false)}>
              Back
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
