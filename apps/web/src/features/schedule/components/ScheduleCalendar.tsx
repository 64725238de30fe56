import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DropArg } from '@fullcalendar/interaction';
import type { DatesSetArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import type { Post } from '@fanout/contracts';
import { useNarrowScreen } from '@/lib/use-narrow-screen';
import { calendarEvents } from '../calendar-events';
import { toWall, wallNow, wallToLocal } from '../calendar-time';
import { hourDuration, openingHour } from '../opening-hour';
import type { TimeGroup } from '../same-time';
import { EventTip } from './EventTip';
import { moreNodes, postEventNodes, sameTimeNodes } from './post-event-dom';
import './calendar.css';

export interface CalendarHandlers {
  /** The wall-clock range now on screen (the calendar counts on the person's clock, as UTC). */
  onRange(start: Date, end: Date): void;
  onOpen(post: Post): void;
  onMove(post: Post): void;
  /** "3 posts at 09:00" in the week or day view: the posts that share that time. */
  onOpenGroup(group: TimeGroup<Post>): void;
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
/** On a phone seven days of hours would be slivers: the week is its agenda (the list of the week). */
const PHONE_TOOLBAR = { ...TOOLBAR, right: 'dayGridMonth,timeGridDay,listWeek' };
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

/**
 * The week and day views scroll within themselves (calendar.css), so that they can open at the working day or
 * the first post rather than at midnight, every hour still a place to drop on. The scroller is the view's own
 * frame, outside the grid's table, so that it can take the keyboard's focus (arrow keys scroll it) without
 * breaking the grid's structure for screen readers, as FullCalendar's inner scroller would.
 */
function openHoursAt(frame: HTMLElement | null, view: string, time: string) {
  const hours = frame?.querySelector<HTMLElement>('.fc-view-harness');
  if (!hours) return;
  if (!view.startsWith('timeGrid')) {
    hours.removeAttribute('tabindex');
    hours.removeAttribute('role');
    hours.removeAttribute('aria-label');
    return;
  }
  hours.tabIndex = 0;
  hours.setAttribute('role', 'region');
  hours.setAttribute('aria-label', view === 'timeGridDay' ? 'Hours of the day' : 'Hours of the week');
  const slot = hours.querySelector(`td.fc-timegrid-slot-lane[data-time="${time}"]`);
  if (!slot) return;
  // The row of dates stays on top (sticky): the hour goes just below it.
  const dates = hours.querySelector('.fc-scrollgrid-section-header')?.getBoundingClientRect().height ?? 0;
  hours.scrollTop = slot.getBoundingClientRect().top - hours.getBoundingClientRect().top + hours.scrollTop - dates;
}

const target = (start: Date, allDay: boolean, viewType: string) =>
  allDay || viewType.startsWith('dayGrid') ? { day: wallToLocal(start).slice(0, 10) } : { local: wallToLocal(start) };

/** A day's cell is named by its date alone, while its visible text also holds its posts: name it by its text. */
const unlabelDay = (arg: { el: HTMLElement }) => arg.el.removeAttribute('aria-labelledby');

/**
 * Month, week, day and agenda of one list of posts. The calendar runs in UTC on wall-clock times of the
 * person's zone (see calendar-time.ts), so it never applies the browser's own zone.
 */
export function ScheduleCalendar({ posts, zone, ...props }: ScheduleCalendarProps) {
  const calendar = useRef<FullCalendar>(null);
  const frame = useRef<HTMLDivElement>(null);
  const narrow = useNarrowScreen();
  const [view, setView] = useState({ type: 'dayGridMonth', start: '', end: '' });
  const events = useMemo(() => calendarEvents(posts, zone, view.type), [posts, zone, view.type]);
  const opening = useMemo(() => {
    const starts = posts.map((post) => toWall(post.scheduledAt, zone));
    return hourDuration(openingHour(starts.filter((start) => start >= view.start && start < view.end)));
  }, [posts, zone, view.start, view.end]);

  // FullCalendar redraws every post when an option changes identity: the options stay the same objects.
  const handlers = useRef(props);
  handlers.current = props;
  const openDay = useCallback((day: string) => calendar.current?.getApi().changeView('timeGridDay', day), []);
  const now = useCallback(() => wallNow(zone), [zone]);
  // The calendar opens on today as the zone known when it mounted showed it; the person's own zone may arrive
  // after (their profile still loading), and around midnight its today is another day: go to that day then.
  const openedIn = useRef(zone);
  useEffect(() => {
    if (openedIn.current === zone) return;
    openedIn.current = zone;
    calendar.current?.getApi().gotoDate(wallNow(zone));
  }, [zone]);
  const eventContent = useCallback(
    (arg: EventContentArg) => {
      const { more, group, post } = arg.event.extendedProps;
      return {
        domNodes: [
          more
            ? moreNodes(more as { day: string; count: number }, openDay)
            : group
              ? sameTimeNodes(group as TimeGroup<Post>, (g) => handlers.current.onOpenGroup(g))
              : postEventNodes(post as Post, arg.timeText, arg.view.type.startsWith('list'), {
                  onOpen: (p) => handlers.current.onOpen(p),
                  onMove: (p) => handlers.current.onMove(p),
                }),
        ],
      };
    },
    [openDay],
  );
  const datesSet = useCallback((arg: DatesSetArg) => {
    setView({ type: arg.view.type, start: toWall(arg.start, 'UTC'), end: toWall(arg.end, 'UTC') });
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

  // A phone turned narrow while on the week: its agenda instead.
  useEffect(() => {
    if (narrow && view.type === 'timeGridWeek') calendar.current?.getApi().changeView('listWeek');
  }, [narrow, view.type]);
  // Once the range's posts are known (and whenever the range changes), the hour the week and day views open at.
  // FullCalendar has drawn the view by then: it renders synchronously when its options change.
  useEffect(() => openHoursAt(frame.current, view.type, opening), [opening, view]);

  return (
    <div ref={frame}>
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView="dayGridMonth"
        timeZone="UTC"
        now={now}
        firstDay={1}
        height="auto"
        headerToolbar={narrow ? PHONE_TOOLBAR : TOOLBAR}
        buttonIcons={false}
        buttonText={BUTTON_TEXT}
        buttonHints={BUTTON_HINTS}
        allDaySlot={false}
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
      <EventTip within={frame} />
    </div>
  );
}
