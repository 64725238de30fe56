import { useId } from 'react';
import { FIRST_COMMENT_LIMITS, type Post } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { RefreshIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useRetryFirstComment } from '../api/retry-first-comment';
import { platformName } from '../platform-names';

const STATE: Record<NonNullable<Post['firstComment']>['status'], string> = {
  pending: 'waiting for the post',
  posted: 'posted',
  failed: 'not posted',
};

/**
 * A post's first comment beside it: its text and state, and once it failed, why and **Retry comment**, which sends
 * the comment alone (the post stays as it is). Nothing for a post without one.
 */
export function PostFirstComment({ post }: { post: Post }) {
  const id = useId();
  const retry = useRetryFirstComment();
  const toast = useToast();
  const comment = post.firstComment;
  if (!comment) return null;
  const word = FIRST_COMMENT_LIMITS[post.platform]?.label ?? 'comment';
  const failed = comment.status === 'failed' && post.status === 'published';
  const onRetry = () =>
    retry.mutate(post.id, {
      onError: (err) => toast.show(errorMessage(err, `The ${word} could not be sent again.`), 'error'),
    });
  return (
    <div className="space-y-1 text-sm">
      <p className="text-zinc-700">
        <span className="font-medium">
          First {word}, {STATE[comment.status]}:
        </span>{' '}
        {comment.url ? (
          <a href={comment.url} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
            {comment.text}
          </a>
        ) : (
          comment.text
        )}
      </p>
      {failed && comment.error && (
        <p id={`${id}-why`} className="text-red-600">
          {comment.error.message}
        </p>
      )}
      {failed && (
        <Button
          size="sm"
          variant="secondary"
          icon={<RefreshIcon className="size-4" />}
          busy={retry.isPending}
          onClick={onRetry}
          aria-describedby={comment.error ? `${id}-why` : undefined}
          aria-label={`Retry ${word} on ${platformName(post.platform)}`}
        >
          Retry {word}
        </Button>
      )}
    </div>
  );
}
