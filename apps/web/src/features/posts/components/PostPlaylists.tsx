import type { Post } from '@fanout/contracts';
import { useYouTubePlaylists } from '../api/get-youtube-playlists';

/**
 * The playlists a YouTube post is added to, by their titles on the channel ("Playlists: Travel, Shorts"; an id
 * when the channel no longer lists it), and YouTube's words when it refused one after the video went live.
 */
export function PostPlaylists({ post }: { post: Post }) {
  const ids = Array.isArray(post.options.playlistIds) ? (post.options.playlistIds as string[]) : [];
  const query = useYouTubePlaylists(post.connectionId, post.platform === 'youtube' && ids.length > 0);
  if (post.platform !== 'youtube' || ids.length === 0) return null;
  const titles = new Map((query.data?.playlists ?? []).map((p) => [p.id, p.title]));
  return (
    <>
      <p className="text-xs text-zinc-600">
        <span className="font-medium">Playlists:</span> {ids.map((id) => titles.get(id) ?? id).join(', ')}
      </p>
      {post.playlistError && (
        <p className="text-xs text-amber-800">
          <span className="font-medium">Not added to a playlist:</span> {post.playlistError}
        </p>
      )}
    </>
  );
}
