import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { roleCan, type Video } from '@fanout/contracts';
import { usePageTitle } from '@/features/config';
import { isPartiallyPublished, PartiallyPublishedBadge, ProjectRoleProvider, PublishPanel } from '@/features/posts';
import { useCurrentProject } from '@/features/projects';
import {
  DELETE_ONE_PROMPT,
  mediaUrl,
  StatusBadge,
  useDeleteVideo,
  useVideo,
  VideoDetailsModal,
} from '@/features/library';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ArrowLeftIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { ErrorState, Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api-client';
import { CoverSection } from './CoverSection';
import { CaptionsSection } from './CaptionsSection';
import { VideoFacts } from './VideoFacts';
import { NotesPanel } from '@/features/notes';

/** /video/:id — the player, the preview image, everything known about the file, and its actions. */
export function VideoScreen() {
  const { id } = useParams();
  const videoId = Number(id);
  const video = useVideo(videoId);
  usePageTitle(video.data?.title ?? 'Video');

  if (!Number.isInteger(videoId) || videoId <= 0 || (video.error instanceof ApiError && video.error.status === 404)) {
    return <VideoNotFound />;
  }
  if (video.isPending) return <VideoLoading />;
  if (video.isError) {
    return (
      <ErrorState
        title="This video could not be loaded"
        message="Check your connection and try again."
        onRetry={() => video.refetch()}
      />
    );
  }
  return <VideoView video={video.data} />;
}

function BackLink() {
  return (
    <Link
      to="/dashboard"
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-zinc-600 hover:text-zinc-900"
    >
      <ArrowLeftIcon className="size-4" /> Back to videos
    </Link>
  );
}

/**
 * The page as the person's role in the video's project allows: a reviewer (who sees the library) is offered no
 * change (details, deletion, cover, captions, publishing, a post's Edit, Retry or Cancel); notes stay open.
 */
function VideoView({ video }: { video: Video }) {
  const { projects } = useCurrentProject();
  const role = projects.find((p) => p.id === video.projectId)?.role ?? null;
  const canEdit = role ? roleCan(role, 'edit') : true;
  const [editing, setEditing] = useState(false);
  const remove = useDeleteVideo();
  const navigate = useNavigate();
  const toast = useToast();

  function onDelete() {
    if (!window.confirm(DELETE_ONE_PROMPT)) return;
    remove.mutate(video.id, {
      onSuccess: () => {
        toast.show('Video deleted.', 'success');
        void navigate('/dashboard');
      },
      onError: () => toast.show('The video could not be deleted.', 'error'),
    });
  }

  return (
    <ProjectRoleProvider value={role}>
      <BackLink />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900">{video.title}</h1>
          <div className="mt-2">
            {/* Published on some platforms, failed on others: neither plain success nor plain failure. */}
            {isPartiallyPublished(video.postCounts) ? (
              <PartiallyPublishedBadge counts={video.postCounts} />
            ) : (
              <StatusBadge status={video.status} />
            )}
          </div>
        </div>
        {canEdit && (
          <div className="flex shrink-0 gap-2">
            <Button
              variant={video.status === 'awaiting-details' ? 'primary' : 'secondary'}
              icon={<PencilIcon className="size-4" />}
              onClick={() => setEditing(true)}
            >
              {video.status === 'awaiting-details' ? 'Add Details' : 'Edit details'}
            </Button>
            <Button
              variant="secondary"
              icon={<TrashIcon className="size-4 text-red-600" />}
              onClick={onDelete}
              busy={remove.isPending}
            >
              Delete
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-6">
          <div className="overflow-hidden rounded-2xl bg-black shadow-sm">
            <video
              controls
              preload="metadata"
              poster={video.thumbnail ?? undefined}
              src={mediaUrl(video.filename)}
              className="aspect-video w-full"
              aria-label={`Video: ${video.title}`}
            />
          </div>
          <section aria-labelledby="description-heading" className="rounded-2xl border border-zinc-200 bg-white p-5">
            <h2 id="description-heading" className="text-sm font-semibold text-zinc-900">
              Description
            </h2>
            <p className="mt-2 text-sm whitespace-pre-line text-zinc-700">
              {video.description || 'No description yet.'}
            </p>
            {video.tags.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
                {video.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-700">
                    #{tag}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <CoverSection video={video} />
          <PublishPanel video={video} />
          <CaptionsSection videoId={video.id} />
          <NotesPanel target={{ kind: 'videos', id: video.id }} />
        </div>
        <VideoFacts video={video} />
      </div>

      {editing && canEdit && (
        <VideoDetailsModal
          video={video}
          mode={video.status === 'awaiting-details' ? 'add' : 'edit'}
          onClose={() => setEditing(false)}
        />
      )}
    </ProjectRoleProvider>
  );
}

function VideoLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading video…</span>
      <Skeleton className="mb-4 h-4 w-28" />
      <Skeleton className="mb-6 h-8 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    </div>
  );
}

function VideoNotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-xl font-semibold text-zinc-900">Video not found</h1>
      <p className="mt-2 text-sm text-zinc-500">It may have been deleted, or it belongs to another account.</p>
      <ButtonLink to="/dashboard" className="mt-6">
        Back to videos
      </ButtonLink>
    </div>
  );
}
