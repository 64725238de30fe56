import { usePostsPage } from '@/features/posts/api/get-posts';
import { platformName } from '@/features/posts/platform-names';
import { formatDateTime } from '@/lib/format';

/** The project's latest posts to choose from (scheduled and published alike), by checkbox. */
export function PreviewPostPicker({
  projectId,
  chosen,
  onChange,
}: {
  projectId: number;
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const page = usePostsPage({ project_id: projectId, limit: 50 });
  const posts = (page.data?.posts ?? []).filter((p) => p.status !== 'cancelled');
  if (page.isPending) return <p className="text-sm text-zinc-600">Loading posts…</p>;
  if (posts.length === 0) return <p className="text-sm text-zinc-600">This project has no posts yet.</p>;
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="max-h-56 space-y-1 overflow-y-auto rounded-xl border border-zinc-200 p-3 text-sm">
      <legend className="px-1 font-medium text-zinc-900">Posts to show</legend>
      {posts.map((post) => (
        <label key={post.id} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={chosen.includes(post.id)}
            onChange={(e) => toggle(post.id, e.target.checked)}
          />
          {post.videoTitle} · {platformName(post.platform)} · {formatDateTime(post.scheduledAt)}
        </label>
      ))}
    </fieldset>
  );
}
