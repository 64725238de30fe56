import type { Idea } from '@fanout/contracts';
import { useVideo } from '@/features/library';
import { PublishPanel } from '@/features/posts';
import { Modal } from '@/components/ui/Modal';
import { Skeleton } from '@/components/ui/States';

/** "Create post" of an idea with a video: the same composer as the video's page, for that video. */
export function IdeaPostDialog({ idea, onClose }: { idea: Idea; onClose(): void }) {
  const video = useVideo(idea.videoId ?? 0);
  return (
    <Modal
      open
      onClose={onClose}
      title="Create Post"
      description={`From the idea “${idea.title}”: where and when to publish its video.`}
      size="lg"
    >
      {video.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : video.isError ? (
        <p role="alert" className="text-sm text-red-600">
          The video could not be loaded.
        </p>
      ) : (
        <PublishPanel video={video.data} />
      )}
    </Modal>
  );
}
