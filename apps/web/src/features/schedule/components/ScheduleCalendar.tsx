import { useMemo } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DropArg } from '@fullcalendar/interaction';
import type { DatesSetArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type { Post } from '@fanout/contracts';
import { PLATFORM_ACCENTS } from '../platform-colors';
import { toWall, wallNow, wallToLocal } from '../calendar-time';
import { PostEvent } from './PostEvent';

export interface CalendarHandlers {
  /** The wall-clock range now on screen (the calendar counts on the person's clock, as UTC). */
  onRange(start: Date, end: Date): void;
  onOpen(post: Post): void;
  onMove(post: Post): void;
  /** A post dragged to another day (`day`, month view) or to another time (`local`, week and day views). */
  onDrop(post: Post, target: { day: string } | { local: string }, revert: () => void): void;
  /** A ready video dropped on a day (month view) or a time. */
  onVideoDrop(videoId: number, target: { day: string } | { local: string }): void;
}

interface ScheduleCalendarProps extends CalendarHandlers {
  posts: Post[];
  zone: string;
}

/**
 * Month, week, day and agenda of one list of posts. The calendar runs in UTC on wall-clock times of the
 * person's zone (see calendar-time.ts), so it never applies the browser's own zone.
 */
export function ScheduleCalendar({ posts, zone, onRange, onOpen, onMove, onDrop, onVideoDrop }: ScheduleCalendarProps) {
  const events = useMemo<EventInput[]>(
    () =>
      posts.map((post) => ({
        id: String(post.id),
        title: post.videoTitle,
        start: toWall(post.scheduledAt, zone),
        startEditable: post.status === 'scheduled',
        durationEditable: false,
        backgroundColor: '#ffffff',
        borderColor: PLATFORM_ACCENTS[post.platform],
        textColor: '#18181b',
        classNames: [`fanout-post-${post.platform}`],
        extendedProps: { post },
      })),
    [posts, zone],
  );

  const target = (start: Date, allDay: boolean, viewType: string) =>
    allDay || viewType.startsWith('dayGrid') ? { day: wallToLocal(start).slice(0, 10) } : { local: wallToLocal(start) };

  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      initialView="dayGridMonth"
      timeZone="UTC"
      now={() => wallNow(zone)}
      firstDay={1}
      height="auto"
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }}
      buttonText={{ today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'Agenda' }}
      buttonHints={{ prev: 'Previous $0', next: 'Next $0', today: 'This $0' }}
      allDaySlot={false}
      scrollTime="08:00:00"
      slotDuration="00:30:00"
      eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      dayMaxEvents={4}
      displayEventEnd={false}
      defaultTimedEventDuration="00:30:00"
      editable
      droppable
      events={events}
      datesSet={(arg: DatesSetArg) => onRange(arg.start, arg.end)}
      eventContent={(arg) => (
        <PostEvent
          post={arg.event.extendedProps.post as Post}
          time={arg.timeText}
          roomy={arg.view.type.startsWith('list')}
          onOpen={onOpen}
          onMove={onMove}
        />
      )}
      eventDrop={(arg: EventDropArg) => {
        const post = arg.event.extendedProps.post as Post;
        if (!arg.event.start) return arg.revert();
        onDrop(post, target(arg.event.start, arg.event.allDay, arg.view.type), arg.revert);
      }}
      drop={(arg: DropArg) => {
        const videoId = Number(arg.draggedEl.getAttribute('data-video-id'));
        if (videoId) onVideoDrop(videoId, target(arg.date, arg.allDay, arg.view.type));
      }}
    />
  );
}
