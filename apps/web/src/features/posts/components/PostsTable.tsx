import { useId } from 'react';
import { Link } from 'react-router';
import type { Post } from '@fanout/contracts';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { useNarrowScreen } from '@/lib/use-narrow-screen';
import { platformName } from '../platform-names';
import { postTimeText } from '../post-time-text';
import { PostActions } from './PostActions';
import { PostCards } from './PostCards';
import { PostNote } from './PostNote';
import { PostProgress } from './PostProgress';
import { PostStatusBadge } from './PostStatusBadge';

const COLUMNS = ['Video', 'Platform', 'Time', 'Status', 'Actions'] as const;

function PostRow({ post, zone }: { post: Post; zone: string }) {
  const errorId = useId();
  return (
    <tr className="border-t border-zinc-100 align-top hover:bg-zinc-50/70">
      <th scope="row" className="py-3 pr-4 pl-4 text-left font-normal">
        <Link
          to={`/video/${post.videoId}`}
          className="line-clamp-2 min-w-40 text-sm font-medium text-zinc-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {post.videoTitle}
        </Link>
      </th>
      <td className="py-3 pr-4">
        <div className="flex items-center gap-2">
          <PlatformIcon platform={post.platform} className="size-6" />
          <div className="min-w-0">
            <p className="text-sm font-medium whitespace-nowrap text-zinc-900">{platformName(post.platform)}</p>
            <p className="max-w-40 truncate text-xs text-zinc-500">{post.accountName}</p>
          </div>
        </div>
      </td>
      <td className="py-3 pr-4 text-sm text-zinc-700">{postTimeText(post, zone)}</td>
      <td className="max-w-sm py-3 pr-4">
        <div className="space-y-2">
          <PostStatusBadge status={post.status} error={post.error} />
          <PostProgress post={post} zone={zone} />
          <PostNote post={post} id={errorId} />
        </div>
      </td>
      <td className="py-3 pr-4">
        <PostActions post={post} errorId={post.error ? errorId : undefined} />
      </td>
    </tr>
  );
}

/** The posts as a table (cards on a phone): one row per video and platform, the video's title heading its row. */
export function PostsTable({ posts, zone }: { posts: readonly Post[]; zone: string }) {
  const narrow = useNarrowScreen();
  if (narrow) return <PostCards posts={posts} zone={zone} />;
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white shadow-sm">
      {/* Fits the narrowest main column above a phone's (a tablet's, or beside the sidebar), actions wrapping. */}
      <table className="w-full min-w-[680px] text-left">
        <caption className="sr-only">Posts</caption>
        <thead className="bg-zinc-50 text-xs font-medium tracking-wide text-zinc-500 uppercase">
          <tr>
            {COLUMNS.map((column, i) => (
              <th key={column} scope="col" className={i === 0 ? 'py-3 pr-4 pl-4' : 'py-3 pr-4'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <PostRow key={post.id} post={post} zone={zone} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
