import { useId } from 'react';
import type { Video } from '@fanout/contracts';
import { useConnections } from '@/features/accounts';
import { ButtonLink } from '@/components/ui/Button';
import { LinkIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/States';
import { useUserTimeZone } from '../../hooks/use-user-time-zone';
import { useCanEdit } from '../../use-can-approve';
import { PublishForm } from './PublishForm';
import { VideoPostList } from './VideoPostList';

/**
 * Publishing one video: the form for the project's connected accounts (or the way to connect some), and
 * below it every post of the video with its live status. The Video page and the Create Post dialog show it; to a
 * role that may not edit (a reviewer), only the posts.
 */
export function PublishPanel({ video, initialLocal }: { video: Video; initialLocal?: string }) {
  const id = useId();
  const zone = useUserTimeZone();
  const connections = useConnections(video.projectId);
  // A reviewer sees the video's posts (without Edit, Retry or Cancel) and is offered no form to make one.
  const canEdit = useCanEdit();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6 rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
        Publish
      </h2>
      {!canEdit ? null : video.status === 'uploading' ? (
        <p className="text-sm text-zinc-500">The video can be published once its upload has finished.</p>
      ) : connections.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : connections.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The connected accounts could not be loaded.
        </p>
      ) : connections.data.connections.length === 0 ? (
        <NoConnections />
      ) : (
        <PublishForm
          key={video.id}
          video={video}
          connections={connections.data.connections}
          zone={zone}
          initialLocal={initialLocal}
        />
      )}
      <VideoPostList videoId={video.id} zone={zone} />
    </section>
  );
}

function NoConnections() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center">
      <p className="text-sm font-medium text-zinc-900">No accounts connected yet</p>
      <p className="mt-1 text-sm text-zinc-500">Connect TikTok, YouTube, Instagram and others to publish this video.</p>
      <ButtonLink to="/accounts" variant="secondary" size="sm" className="mt-4">
        <LinkIcon className="size-4" /> Connect accounts
      </ButtonLink>
    </div>
  );
}
