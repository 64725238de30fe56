import { useId } from 'react';
import type { Post } from '@fanout/contracts';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { platformName } from '../platform-names';
import { postTimeText } from '../post-time-text';
import { PostActions } from './PostActions';
import { PostAppliedPrivacy } from './PostAppliedPrivacy';
import { PostBurnedCaptions } from './PostBurnedCaptions';
import { PostLateRefusals } from './PostLateRefusals';
import { PostErrorText } from './PostErrorText';
import { PostFirstComment } from './PostFirstComment';
import { PostOptions } from './PostOptions';
import { PostPlaylists } from './PostPlaylists';
import { PostProgress } from './PostProgress';
import { PostReconnectWait } from './PostReconnectWait';
import { PostStatusBadge } from './PostStatusBadge';
import { PostApprovalNote } from './PostApprovalNote';

/** One post of a video: where it goes, its status and time, live progress, the platform's answer, actions. */
export function PostStatusItem({ post, zone }: { post: Post; zone: string }) {
  const id = useId();
  const name = platformName(post.platform);
  return (
    <li aria-labelledby={`${id}-name`} className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PlatformIcon platform={post.platform} className="size-6" />
        <span id={`${id}-name`} className="text-sm font-medium text-zinc-900">
          {name}
        </span>
        <PostStatusBadge status={post.status} error={post.error} />
        <span className="text-xs text-zinc-500">
          {post.accountName} · {postTimeText(post, zone)}
          {post.attempts > 1 && ` · attempt ${post.attempts}`}
        </span>
      </div>
      <PostOptions post={post} />
      <PostPlaylists post={post} />
      <PostLateRefusals post={post} />
      <PostBurnedCaptions post={post} />
      <PostProgress post={post} zone={zone} />
      <PostReconnectWait post={post} id={`${id}-wait`} />
      <PostAppliedPrivacy post={post} id={`${id}-privacy`} />
      {post.error && (post.status === 'failed' || post.status === 'unconfirmed' || post.status === 'publishing') && (
        <PostErrorText error={post.error} platform={post.platform} id={`${id}-error`} />
      )}
      {post.status === 'awaiting_approval' && <PostApprovalNote post={post} id={`${id}-error`} />}
      <PostFirstComment post={post} />
      <PostActions post={post} errorId={post.error ? `${id}-error` : undefined} />
    </li>
  );
}
