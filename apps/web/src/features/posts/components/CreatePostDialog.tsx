import { useCallback, useId, useState } from 'react';
import { useVideos } from '@/features/library';
import { useCurrentProject } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import { UploadIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { Skeleton } from '@/components/ui/States';
import { emitSignal, useSignal } from '@/lib/signals';
import { PublishPanel } from './publish/PublishPanel';

/**
 * "Create Post" of the New menu, opened anywhere through the 'open-post-composer' signal: a video of the
 * current project, then the same publish panel as the video's own page.
 */
export function CreatePostDialog() {
  const [open, setOpen] = useState(false);
  const [videoId, setVideoId] = useState<number | null>(null);
  useSignal('open-post-composer', () => setOpen(true));
  const close = useCallback(() => {
    setOpen(false);
    setVideoId(null);
  }, []);

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create Post"
      description="Choose a video, then where and when to publish it."
      size="lg"
    >
      {open && <Composer videoId={videoId} onChoose={setVideoId} onUpload={close} />}
    </Modal>
  );
}

interface ComposerProps {
  videoId: number | null;
  onChoose(id: number | null): void;
  onUpload(): void;
}

function Composer({ videoId, onChoose, onUpload }: ComposerProps) {
  const id = useId();
  const { projectId, isResolved } = useCurrentProject();
  const videos = useVideos(projectId, isResolved && projectId !== undefined);
  // A video still uploading has no file to publish yet.
  const choices = (videos.data ?? []).filter((video) => video.status !== 'uploading');
  const chosen = choices.find((video) => video.id === videoId);

  function upload() {
    onUpload();
    emitSignal('open-upload-modal');
  }

  if (videos.isPending) return <Skeleton className="h-10 w-full" />;
  if (videos.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        The videos could not be loaded.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      {choices.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center">
          <p className="text-sm font-medium text-zinc-900">No videos in this project yet</p>
          <p className="mt-1 text-sm text-zinc-500">Upload one, then publish it from here or from its page.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-4"
            icon={<UploadIcon className="size-4" />}
            onClick={upload}
          >
            Upload a video
          </Button>
        </div>
      ) : (
        <div>
          <div className="mb-1.5 flex items-baseline justify-between gap-2">
            <label htmlFor={id} className="text-sm font-medium text-zinc-800">
              Video
            </label>
            <button
              type="button"
              onClick={upload}
              className="text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Upload a new video
            </button>
          </div>
          <select
            id={id}
            data-autofocus
            // The list arrives after the dialog has opened (and focused its first control): start here.
            autoFocus
            value={videoId ?? ''}
            onChange={(event) => onChoose(event.target.value ? Number(event.target.value) : null)}
            className={cn(inputClasses, 'h-10')}
          >
            <option value="">Choose a video</option>
            {choices.map((video) => (
              <option key={video.id} value={video.id}>
                {video.title}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen && <PublishPanel video={chosen} />}
    </div>
  );
}
