import type { Video } from '@fanout/contracts';
import { PublishPanel } from '@/features/posts';
import { Modal } from '@/components/ui/Modal';

/** The publish panel of a video dropped on (or scheduled on) a day, its date-time field set to that moment. */
export function ComposeDialog({ video, local, onClose }: { video: Video; local: string; onClose(): void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Schedule ${video.title}`}
      description="Choose where to publish it; the time is already set, change it if you like."
      size="lg"
    >
      <PublishPanel video={video} initialLocal={local} />
    </Modal>
  );
}
