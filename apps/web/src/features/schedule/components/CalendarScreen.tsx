import { useCallback, useState } from 'react';
import type { Post, Video } from '@fanout/contracts';
import { usePageTitle } from '@/features/config';
import { useVideos } from '@/features/library';
import { BulkApproveBar, ProjectRoleProvider, useUserTimeZone, zoneName } from '@/features/posts';
import { PostsCsvActions } from '@/features/posts-csv';
import { useCurrentProject } from '@/features/projects';
import { PageHeader } from '@/components/ui/States';
import { useCalendarPosts, type CalendarRange } from '../api/get-calendar-posts';
import { instantRange, moveToDay, resolveLocal, toWall, wallNow, wallToLocal } from '../calendar-time';
import { useMovePost } from '../hooks/use-move-post';
import { ComposeDialog } from './ComposeDialog';
import { MoveNotice } from './MoveNotice';
import { MovePostDialog } from './MovePostDialog';
import { sameMinute, type TimeGroup } from '../same-time';
import { PostDialog } from './PostDialog';
import { ReadyVideos } from './ReadyVideos';
import { SameTimeDialog } from './SameTimeDialog';
import { ScheduleCalendar } from './ScheduleCalendar';

/** A video dropped on a day in the month view is offered at this time of that day. */
const DAY_DROP_TIME = '09:00';

/** The next whole hour on the person's clock: where "Schedule on…" starts. */
function nextHour(zone: string): string {
  const now = wallNow(zone);
  now.setUTCHours(now.getUTCHours() + 1, 0, 0, 0);
  return wallToLocal(now);
}

/**
 * The Schedule screen: the project's posts on a month, week, day or agenda calendar in the person's zone.
 * Dragging a post (or "Move…") changes its time; dropping a ready video (or "Schedule on…") opens its composer.
 */
export function CalendarScreen() {
  usePageTitle('Schedule');
  const zone = useUserTimeZone();
  const { project, projectId, isResolved } = useCurrentProject();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const posts = useCalendarPosts(isResolved ? projectId : undefined, range);
  const videos = useVideos(projectId, isResolved && projectId !== undefined);
  const ready = videos.data?.filter((video) => video.status === 'ready');
  const mover = useMovePost(zone);

  const [opened, setOpened] = useState<number | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  // The time of an opened "3 posts at 09:00": its posts are read from the list, so they stay up to date.
  const [groupAt, setGroupAt] = useState<string | null>(null);
  const [composing, setComposing] = useState<{ video: Video; local: string } | null>(null);
  const postById = (id: number | null) => posts.data?.find((post) => post.id === id);
  const openedPost = postById(opened);
  const movingPost = postById(moving);
  const group: TimeGroup<Post> | null = groupAt
    ? { start: groupAt, items: posts.data?.filter((post) => sameMinute(toWall(post.scheduledAt, zone), groupAt)) ?? [] }
    : null;

  const onRange = useCallback((start: Date, end: Date) => {
    const next = instantRange(start, end);
    setRange((old) => (old?.from === next.from && old.to === next.to ? old : next));
  }, []);

  function onDrop(post: Post, target: { day: string } | { local: string }, revert: () => void) {
    const time = 'day' in target ? moveToDay(post.scheduledAt, zone, target.day) : resolveLocal(target.local, zone);
    // The calendar's own copy is redrawn from the list; the drag's ghost goes back either way.
    revert();
    void mover.move(post, time);
  }

  function onVideoDrop(videoId: number, target: { day: string } | { local: string }) {
    const video = ready?.find((v) => v.id === videoId);
    if (!video) return;
    setComposing({ video, local: 'day' in target ? `${target.day}T${DAY_DROP_TIME}` : target.local });
  }

  return (
    <ProjectRoleProvider value={project?.role ?? null}>
      <PageHeader
        title="Schedule"
        subtitle={`Your project’s posts by day and time, on ${zoneName(zone)} time. Drag a post to move it.`}
        actions={<PostsCsvActions range={range ?? undefined} />}
      />
      <MoveNotice
        outcome={mover.outcome}
        busy={mover.isPending}
        onUndo={() => void mover.undo()}
        onDismiss={mover.dismiss}
      />
      {posts.isError && (
        <p role="alert" className="mb-3 text-sm text-red-600">
          The posts could not be loaded.
        </p>
      )}
      <BulkApproveBar posts={posts.data ?? []} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <section
          aria-label="Calendar"
          aria-busy={posts.isFetching}
          className="fanout-calendar min-w-0 rounded-2xl border border-zinc-200 bg-white p-3"
        >
          <ScheduleCalendar
            posts={posts.data ?? []}
            zone={zone}
            onRange={onRange}
            onOpen={(post) => setOpened(post.id)}
            onMove={(post) => setMoving(post.id)}
            onOpenGroup={(opened) => setGroupAt(opened.start)}
            onDrop={onDrop}
            onVideoDrop={onVideoDrop}
          />
        </section>
        <ReadyVideos
          videos={ready}
          loading={videos.isPending}
          onSchedule={(video) => setComposing({ video, local: nextHour(zone) })}
        />
      </div>
      {group && group.items.length > 0 && (
        <SameTimeDialog
          group={group}
          zone={zone}
          onOpen={(post) => {
            setGroupAt(null);
            setOpened(post.id);
          }}
          onMove={(post) => {
            setGroupAt(null);
            setMoving(post.id);
          }}
          onClose={() => setGroupAt(null)}
        />
      )}
      {openedPost && (
        <PostDialog
          post={openedPost}
          zone={zone}
          onMove={(post) => {
            setOpened(null);
            setMoving(post.id);
          }}
          onClose={() => setOpened(null)}
        />
      )}
      {movingPost && (
        <MovePostDialog
          post={movingPost}
          zone={zone}
          busy={mover.isPending}
          onMove={(post, scheduledAt) => mover.move(post, { local: '', scheduledAt })}
          onClose={() => setMoving(null)}
        />
      )}
      {composing && (
        <ComposeDialog video={composing.video} local={composing.local} onClose={() => setComposing(null)} />
      )}
    </ProjectRoleProvider>
  );
}
