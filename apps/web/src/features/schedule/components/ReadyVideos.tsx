import { useEffect, useId, useRef } from 'react';
import { Draggable } from '@fullcalendar/interaction';
import type { Video } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/States';

interface ReadyVideosProps {
  videos: Video[] | undefined;
  loading: boolean;
  /** "Schedule on…": the keyboard way to do what dropping a video on the calendar does. */
  onSchedule(video: Video): void;
}

/**
 * The project's videos with complete details and no post yet, to drag onto a day or a time of the calendar
 * (the calendar's `drop` opens the composer there).
 */
export function ReadyVideos({ videos, loading, onSchedule }: ReadyVideosProps) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!list.current) return;
    const draggable = new Draggable(list.current, {
      itemSelector: '[data-video-id]',
      eventData: (el) => ({ title: el.getAttribute('data-title') ?? '', create: false, duration: '01:00' }),
    });
    return () => draggable.destroy();
  }, []);

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-zinc-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
        Ready to schedule
      </h2>
      <p className="mt-1 text-xs text-zinc-500">Drag a video onto a day or a time, or use “Schedule on…”.</p>
      {loading && <Skeleton className="mt-3 h-16 w-full" />}
      <ul ref={list} aria-labelledby={`${id}-heading`} className="mt-3 space-y-2">
        {videos?.map((video) => (
          <li
            key={video.id}
            data-video-id={video.id}
            data-title={video.title}
            className="flex cursor-grab items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm"
          >
            <span className="min-w-0 flex-1 truncate text-zinc-900">{video.title}</span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Schedule on… ${video.title}`}
              onClick={() => onSchedule(video)}
            >
              Schedule on…
            </Button>
          </li>
        ))}
      </ul>
      {!loading && videos?.length === 0 && (
        <p className="text-sm text-zinc-500">
          No video is waiting: videos show up here once their details are complete.
        </p>
      )}
    </section>
  );
}
