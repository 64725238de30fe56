import type { TopVideo } from '@fanout/contracts';
import { Link } from 'react-router';
import { formatCount } from '../platform-colors';

export function TopVideos({ videos }: { videos: TopVideo[] }) {
  return (
    <section aria-labelledby="top-videos-title" className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id="top-videos-title" className="text-base font-semibold text-zinc-900">
        Top videos
      </h2>
      {videos.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">No views in this period yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-zinc-100">
          {videos.map((v, i) => (
            <li key={v.videoId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate">
                <span className="mr-2 tabular-nums text-zinc-500">{i + 1}.</span>
                <Link to={`/video/${v.videoId}`} className="font-medium text-zinc-900 hover:underline">
                  {v.title}
                </Link>
              </span>
              <span className="shrink-0 tabular-nums text-zinc-700">{formatCount(v.views)} views</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
