import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/States';
import { useVideoPosts } from '../../api/get-video-posts';
import { countPosts } from '../../post-status';
import { PartiallyPublishedBadge } from '../PostStatusBadge';
import { PostStatusItem } from '../PostStatusItem';

/** The video's posts, each with its live status; the video's own status follows them. */
export function VideoPostList({ videoId, zone }: { videoId: number; zone: string }) {
  const id = useId();
  const posts = useVideoPosts(videoId);
  useVideoFollowsPosts(videoId, posts.data?.map((p) => `${p.id}:${p.status}`).join(','));

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <div className="flex items-center gap-2">
        <h3 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
          Posts
        </h3>
        {posts.data && <PartiallyPublishedBadge counts={countPosts(posts.data)} />}
      </div>
      {posts.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : posts.isError ? (
        <p className="text-sm text-red-600">The posts could not be loaded.</p>
      ) : posts.data.length === 0 ? (
        <p className="text-sm text-zinc-500">Nothing published or scheduled yet.</p>
      ) : (
        <ul aria-labelledby={`${id}-heading`} className="divide-y divide-zinc-100">
          {posts.data.map((post) => (
            <PostStatusItem key={post.id} post={post} zone={zone} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** When a post's status changes (seen by polling or the live stream), the video's status is asked for again. */
function useVideoFollowsPosts(videoId: number, signature: string | undefined) {
  const queryClient = useQueryClient();
  const last = useRef(signature);
  useEffect(() => {
    if (signature === undefined || signature === last.current) return;
    const first = last.current === undefined;
    last.current = signature;
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: ['video', videoId] });
    void queryClient.invalidateQueries({ queryKey: ['videos'] });
  }, [queryClient, videoId, signature]);
}
