import { useCallback, useState } from 'react';
import type { Post } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { LinkIcon, RefreshIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useCancelPost } from '../api/cancel-post';
import { useRetryPost } from '../api/retry-post';
import { platformName } from '../platform-names';
import { awaitsApproval, waitsForReconnect } from '../post-status';
import { useCanApprove, useCanEdit } from '../use-can-approve';
import { ApprovalActions } from './ApprovalActions';
import { EditPostDialog } from './edit/EditPostDialog';
import { PostNotesButton } from './PostNotesButton';

interface PostActionsProps {
  post: Post;
  /** The id of the text that says why the post failed, so Retry is read out with it. */
  errorId?: string;
}

/**
 * What can be done with a post now: Retry as it was or Edit and retry (failed or unconfirmed), Edit and Cancel
 * post (scheduled; only Cancel while it waits for its account to be reconnected, as the server refuses changes
 * then), View post on … The edit dialog stays open if the post moves on meanwhile, and says so.
 */
export function PostActions({ post, errorId }: PostActionsProps) {
  const [editing, setEditing] = useState(false);
  const closeEdit = useCallback(() => setEditing(false), []);
  const retry = useRetryPost();
  const cancel = useCancelPost();
  const toast = useToast();
  const name = platformName(post.platform);
  // Reviewers and clients look and approve; changing, retrying and cancelling are the owner's and editors'.
  const canEdit = useCanEdit();
  const canRetry = canEdit && (post.status === 'failed' || post.status === 'unconfirmed');
  // A post awaiting approval is changed and cancelled as a scheduled one is.
  const scheduled = canEdit && (post.status === 'scheduled' || awaitsApproval(post));
  const approvable = useCanApprove() && awaitsApproval(post);

  const onRetry = () =>
    retry.mutate(
      { id: post.id },
      {
        onError: (err) => toast.show(errorMessage(err, `The ${name} post could not be retried.`), 'error'),
      },
    );
  const onCancel = () =>
    cancel.mutate(post.id, {
      onSuccess: () => toast.show(`The ${name} post is cancelled.`, 'success'),
      onError: (err) => toast.show(errorMessage(err, `The ${name} post could not be cancelled.`), 'error'),
    });

  const dialog = editing && <EditPostDialog post={post} onClose={closeEdit} />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {dialog}
      <PostNotesButton post={post} />
      {approvable && <ApprovalActions post={post} />}
      {canRetry && (
        <Button
          size="sm"
          variant="secondary"
          icon={<RefreshIcon className="size-4" />}
          busy={retry.isPending}
          onClick={onRetry}
          aria-describedby={errorId}
        >
          Retry
        </Button>
      )}
      {((scheduled && !waitsForReconnect(post)) || canRetry) && (
        <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={() => setEditing(true)}>
          {scheduled ? 'Edit' : 'Edit and retry'}
        </Button>
      )}
      {scheduled && (
        <Button size="sm" variant="secondary" busy={cancel.isPending} onClick={onCancel}>
          Cancel post
        </Button>
      )}
      {post.url && (
        <a
          href={post.url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LinkIcon className="size-4" />
          View post on {name}
        </a>
      )}
    </div>
  );
}
