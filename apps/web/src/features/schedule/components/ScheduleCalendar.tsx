import { useCallback, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DropArg } from '@fullcalendar/interaction';
import type { DatesSetArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import type { Post } from '@fanout/contracts';
import { waitsForReconnect } from '@/features/posts';
import { PLATFORM_ACCENTS } from '../platform-colors';
import { toWall, wallNow, wallToLocal } from '../calendar-time';
import { capPerDay } from '../month-cap';
import { moreNodes, postEventNodes } from './post-event-dom';
import './calendar.css';

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

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' };
const BUTTON_TEXT = {
  prev: 'Previous',
  next: 'Next',
  today: 'Today',
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'Agenda',
};
const BUTTON_HINTS = { prev: 'Previous $0', next: 'Next $0', today: 'This $0' };
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

const target = (start: Date, allDay: boolean, viewType: string) =>
  allDay || viewType.startsWith('dayGrid') ? { day: wallToLocal(start).slice(0, 10) } : { local: wallToLocal(start) };

/** A day's cell is named by its date alone, while its visible text also holds its posts: name it by its text. */
const unlabelDay = (arg: { el: HTMLElement }) => arg.el.removeAttribute('aria-labelledby');

/**
 * Month, week, day and agenda of one list of posts. The calendar runs in UTC on wall-clock times of the
 * person's zone (see calendar-time.ts), so it never applies the browser's own zone.
 */
export function ScheduleCalendar({ posts, zone, onRange, onOpen, onMove, onDrop, onVideoDrop }: ScheduleCalendarProps) {
  const calendar = useRef<FullCalendar>(null);
  const [monthView, setMonthView] = useState(true);
  const events = useMemo<EventInput[]>(() => {
    const sorted = posts
      .map((post) => ({ post, start: toWall(post.scheduledAt, zone) }))
      .sort((a, b) => a.start.localeCompare(b.start) || a.post.id - b.post.id);
    const { shown, more } = monthView
      ? capPerDay(sorted, (item) => item.start.slice(0, 10))
      : { shown: sorted, more: [] };
    return [
      ...shown.map(({ post, start }) => ({
        id: String(post.id),
        title: post.videoTitle,
        start,
        startEditable: post.status === 'scheduled' && !waitsForReconnect(post),
        durationEditable: false,
        backgroundColor: '#ffffff',
        borderColor: PLATFORM_ACCENTS[post.platform],
        textColor: '#18181b',
        extendedProps: { post },
      })),
      // Last of its day: the end of the day sorts after every post.
      ...more.map(({ day, count }) => ({
        id: `more-${day}`,
        title: `${count} more`,
        start: `${day}T23:59:59`,
        editable: false,
        extendedProps: { more: { day, count } },
      })),
    ];
  }, [posts, zone, monthView]);

  // FullCalendar redraws every post when an option changes identity: the options stay the same objects.
  const handlers = useRef({ onRange, onOpen, onMove, onDrop, onVideoDrop });
  handlers.current = { onRange, onOpen, onMove, onDrop, onVideoDrop };
  const openDay = useCallback((day: string) => calendar.current?.getApi().changeView('timeGridDay', day), []);
  const now = useCallback(() => wallNow(zone), [zone]);
  const eventContent = useCallback(
    (arg: EventContentArg) => ({
      domNodes: [
        arg.event.extendedProps.more
          ? moreNodes(arg.event.extendedProps.more as { day: string; count: number }, openDay)
          : postEventNodes(arg.event.extendedProps.post as Post, arg.timeText, arg.view.type.startsWith('list'), {
              onOpen: (post) => handlers.current.onOpen(post),
              onMove: (post) => handlers.current.onMove(post),
            }),
      ],
    }),
    [openDay],
  );
  const datesSet = useCallback((arg: DatesSetArg) => {
    setMonthView(arg.view.type === 'dayGridMonth');
    handlers.current.onRange(arg.start, arg.end);
  }, []);
  const eventDrop = useCallback((arg: EventDropArg) => {
    const post = arg.event.extendedProps.post as Post;
    if (!arg.event.start) return arg.revert();
    handlers.current.onDrop(post, target(arg.event.start, arg.event.allDay, arg.view.type), arg.revert);
  }, []);
  const drop = useCallback((arg: DropArg) => {
    const videoId = Number(arg.draggedEl.getAttribute('data-video-id'));
    if (videoId) handlers.current.onVideoDrop(videoId, target(arg.date, arg.allDay, arg.view.type));
  }, []);

  return (
    <FullCalendar
      ref={calendar}
      plugins={PLUGINS}
      initialView="dayGridMonth"
      timeZone="UTC"
      now={now}
      firstDay={1}
      height="auto"
      headerToolbar={TOOLBAR}
      buttonIcons={false}
      buttonText={BUTTON_TEXT}
      buttonHints={BUTTON_HINTS}
      allDaySlot={false}
      scrollTime="08:00:00"
      slotDuration="00:30:00"
      eventTimeFormat={TIME_FORMAT}
      slotLabelFormat={TIME_FORMAT}
      displayEventEnd={false}
      defaultTimedEventDuration="01:00:00"
      editable
      droppable
      events={events}
      dayCellDidMount={unlabelDay}
      datesSet={datesSet}
      eventContent={eventContent}
      eventDrop={eventDrop}
      drop={drop}
    />
  );
}
