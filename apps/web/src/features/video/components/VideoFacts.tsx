import type { Video } from '@fanout/contracts';
import { PlatformList } from '@/features/library';
import { formatBytes, formatDate, formatViews } from '@/lib/format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="text-sm text-zinc-500">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-zinc-900">{children}</dd>
    </div>
  );
}

const unknown = <span className="font-normal text-zinc-500">Unknown</span>;

/** What the server learnt about the file (ffprobe) and the video's own details. */
export function VideoFacts({ video }: { video: Video }) {
  return (
    <aside className="space-y-6">
      {video.thumbnail && (
        <section aria-labelledby="thumbnail-heading" className="rounded-2xl border border-zinc-200 bg-white p-5">
          <h2 id="thumbnail-heading" className="mb-3 text-sm font-semibold text-zinc-900">
            Thumbnail
          </h2>
          <img
            src={video.thumbnail}
            alt={`Thumbnail of ${video.title}`}
            width={320}
            height={180}
            className="aspect-video w-full rounded-lg object-cover"
          />
        </section>
      )}
      <section aria-labelledby="facts-heading" className="rounded-2xl border border-zinc-200 bg-white p-5">
        <h2 id="facts-heading" className="text-sm font-semibold text-zinc-900">
          Details
        </h2>
        <dl className="mt-2 divide-y divide-zinc-100">
          <Fact label="Platforms">
            <span className="flex justify-end">
              <PlatformList platforms={video.platforms} />
            </span>
          </Fact>
          <Fact label="Duration">{video.duration}</Fact>
          <Fact label="Resolution">{video.width && video.height ? `${video.width} × ${video.height}` : unknown}</Fact>
          <Fact label="Size">
            {video.size}
            <span className="block text-xs font-normal text-zinc-500">
              {video.sizeBytes.toLocaleString('en-US')} bytes ({formatBytes(video.sizeBytes)})
            </span>
          </Fact>
          <Fact label="Video codec">{video.videoCodec ?? unknown}</Fact>
          <Fact label="Audio codec">{video.audioCodec ?? <span className="font-normal text-zinc-500">None</span>}</Fact>
          <Fact label="File type">{video.mimeType}</Fact>
          <Fact label="Original file">{video.originalName}</Fact>
          <Fact label="Uploaded">{formatDate(video.uploadDate)}</Fact>
          <Fact label="Views">{formatViews(video.views)}</Fact>
        </dl>
      </section>
    </aside>
  );
}
