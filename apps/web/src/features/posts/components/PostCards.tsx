import { useId } from 'react';
import { Link } from 'react-router';
import type { Post } from '@fanout/contracts';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { platformName } from '../platform-names';
import { postTimeText } from '../post-time-text';
import { PostActions } from './PostActions';
import { PostNote } from './PostNote';
import { PostProgress } from './PostProgress';
import { PostStatusBadge } from './PostStatusBadge';

function PostCard({ post, zone }: { post: Post; zone: string }) {
  const id = useId();
  return (
    <li aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <PlatformIcon platform={post.platform} className="mt-0.5 size-6" />
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-sm font-medium break-words text-zinc-900">
            <Link
              to={`/video/${post.videoId}`}
              className="hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {post.videoTitle}
            </Link>
          </h2>
          <p className="truncate text-xs text-zinc-500">
            {platformName(post.platform)} · {post.accountName}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PostStatusBadge status={post.status} error={post.error} />
        <span className="text-sm text-zinc-700">{postTimeText(post, zone)}</span>
      </div>
      <PostProgress post={post} zone={zone} />
      <PostNote post={post} id={`${id}-error`} />
      <PostActions post={post} errorId={post.error ? `${id}-error` : undefined} />
    </li>
  );
}

/**
 * The posts on a phone: a card each, where the table's five columns would need 680 px and hide status and
 * actions off to the side. Same contents, read top to bottom.
 */
export function PostCards({ posts, zone }: { posts: readonly Post[]; zone: string }) {
  return (
    <ul aria-label="Posts" className="space-y-3">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} zone={zone} />
      ))}
    </ul>
  );
}
