import { useId, useMemo, useState } from 'react';
import type { BulkViolation, PlatformKey } from '@fanout/contracts';
import { useConnections } from '@/features/accounts';
import { bulkViolations, useBulkSchedule, useUserTimeZone } from '@/features/posts';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { checkBulkSchedule, defaultLocalTime, type BulkScheduleDraft } from '../bulk-schedule-form';
import { BulkScheduleOptions } from './BulkScheduleOptions';
import { BulkSchedulePlatforms } from './BulkSchedulePlatforms';
import { BulkScheduleViolations } from './BulkScheduleViolations';
import { BulkScheduleQueueChoice } from './BulkScheduleQueueChoice';
import { BulkScheduleWhen } from './BulkScheduleWhen';

interface BulkScheduleDialogProps {
  projectId: number;
  videos: readonly { id: number; title: string }[];
  onClose: () => void;
  /** After the posts are made: the selection has done its job. */
  onScheduled: () => void;
  /** Opens on "Add to queue" (each platform's next free posting slots) instead of a time. */
  initialQueue?: boolean;
}

export const scheduledMessage = (posts: number) => (posts === 1 ? '1 post scheduled.' : `${posts} posts scheduled.`);

export const queuedMessage = (posts: number) =>
  posts === 1 ? '1 post added to the queue.' : `${posts} posts added to the queue.`;

const videoCount = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** The library bulk bar's Schedule: the selected videos to the chosen platforms, at one time or spaced out. */
export function BulkScheduleDialog({ projectId, videos, onClose, onScheduled, initialQueue }: BulkScheduleDialogProps) {
  const zone = useUserTimeZone();
  const formId = useId();
  const platformsErrorId = useId();
  const connections = useConnections(projectId);
  const schedule = useBulkSchedule();
  const toast = useToast();
  const [openedAt] = useState(Date.now);
  // The time stays the default (an hour after opening, on the person's clock) until they type one.
  const [fields, setFields] = useState<Omit<BulkScheduleDraft, 'local'> & { local: string | null }>({
    platforms: [],
    queue: initialQueue ?? false,
    local: null,
    interval: '0',
    tiktokPrivacy: '',
    subreddit: '',
  });
  const draft: BulkScheduleDraft = { ...fields, local: fields.local ?? defaultLocalTime(zone, openedAt) };
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; violations: BulkViolation[] }>();
  const [failure, setFailure] = useState<string>();

  const ids = useMemo(() => videos.map((v) => v.id), [videos]);
  const titles = useMemo(() => new Map(videos.map((v) => [v.id, v.title])), [videos]);
  const check = checkBulkSchedule(draft, ids, zone);
  const shownErrors = tried ? check.errors : {};
  const span = check.body?.scheduledAt
    ? {
        first: check.body.scheduledAt,
        last: new Date(
          Date.parse(check.body.scheduledAt) + (videos.length - 1) * check.body.intervalMinutes * 60_000,
        ).toISOString(),
      }
    : undefined;

  const change = (next: Partial<BulkScheduleDraft>) => setFields((f) => ({ ...f, ...next }));
  const toggle = (platform: PlatformKey) =>
    change({
      platforms: draft.platforms.includes(platform)
        ? draft.platforms.filter((p) => p !== platform)
        : [...draft.platforms, platform],
    });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    setRefusal(undefined);
    setFailure(undefined);
    if (!check.body) return;
    try {
      const { posts } = await schedule.mutateAsync(check.body);
      toast.show(draft.queue ? queuedMessage(posts.length) : scheduledMessage(posts.length), 'success');
      onScheduled();
      onClose();
    } catch (error) {
      const violations = bulkViolations(error);
      if (violations.length > 0) {
        return setRefusal({ message: errorMessage(error, 'Some videos cannot be scheduled.'), violations });
      }
      console.error('Scheduling the selected videos failed', error);
      setFailure(errorMessage(error, 'The videos could not be scheduled. Try again.'));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={draft.queue ? `Add ${videoCount(videos.length)} to the queue` : `Schedule ${videoCount(videos.length)}`}
      description={videos.length === 1 ? videos[0]!.title : 'Each video goes to every platform you choose.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={schedule.isPending} disabled={connections.isPending}>
            {draft.queue ? 'Add to queue' : 'Schedule'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-5" noValidate>
        {refusal && (
          <BulkScheduleViolations message={refusal.message} violations={refusal.violations} titles={titles} />
        )}
        <FormAlert message={failure} className="mb-0" />
        {connections.isPending ? (
          <div role="status" aria-label="Loading connected accounts" className="grid gap-2 sm:grid-cols-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : connections.isError ? (
          <FormAlert message="The connected accounts could not be loaded. Close and try again." className="mb-0" />
        ) : (
          <BulkSchedulePlatforms
            connections={connections.data.connections}
            selected={draft.platforms}
            onToggle={toggle}
            error={shownErrors.platforms}
            errorId={platformsErrorId}
          />
        )}
        <BulkScheduleOptions draft={draft} onChange={change} errors={shownErrors} />
        <BulkScheduleQueueChoice queue={draft.queue ?? false} onChange={(queue) => change({ queue })} />
        {!draft.queue && (
          <BulkScheduleWhen
            draft={draft}
            onChange={change}
            zone={zone}
            count={videos.length}
            ambiguous={check.ambiguous}
            errors={shownErrors}
            span={span}
          />
        )}
      </form>
    </Modal>
  );
}
