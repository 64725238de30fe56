import type { Post, PostStatus } from '@fanout/contracts';
import { platformName, postStatusWords, waitsForReconnect } from '@/features/posts';
import { PLATFORM_ACCENTS } from '../platform-colors';
import { sameTimeLabel, type TimeGroup } from '../same-time';
import { platformIconNode } from './platform-icon-dom';

/**
 * A post on the calendar as plain DOM: FullCalendar mounts a React portal per event for React content, which
 * stalls the month view at thousands of posts; these nodes cost nothing to place.
 */

/** The app's badge tones (components/ui/Badge), per status. */
const STATUS_CLASSES: Readonly<Record<PostStatus, string>> = {
  scheduled: 'bg-sky-50 text-sky-700 ring-sky-200',
  awaiting_approval: 'bg-amber-50 text-amber-800 ring-amber-200',
  publishing: 'bg-brand-50 text-brand-700 ring-brand-200',
  published: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  cancelled: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
  unconfirmed: 'bg-amber-50 text-amber-800 ring-amber-200',
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Names a part of a post so that calendar.css can leave it out where a day is too narrow for it (a phone's
 * month view: the title is in the tooltip, and time, status and Move… are in the post's dialog, a tap away).
 */
function part(el: HTMLElement, name: 'time' | 'title' | 'status' | 'move') {
  el.dataset.part = name;
  return el;
}

export interface PostEventActions {
  onOpen(post: Post): void;
  onMove(post: Post): void;
}

/** What the calendar's tooltip (EventTip) shows for a post whose title is cut short: all of it, and where. */
export const tipText = (post: Post) => `${post.videoTitle}\n${platformName(post.platform)} · ${postStatusWords(post)}`;

/**
 * Platform colour strip and icon, time, title and status in a button that opens the post, with "Move…" for a
 * scheduled one (the keyboard's way to drag it). `roomy`: the agenda has room for the account's name.
 */
export function postEventNodes(post: Post, time: string, roomy: boolean, actions: PostEventActions): HTMLElement {
  const name = platformName(post.platform);
  const waiting = waitsForReconnect(post);
  // A post waiting for its account says so, in the badge's room and in full to a screen reader and on hover.
  const status = waiting ? `Waiting: reconnect ${name} on Accounts` : postStatusWords(post);
  const box = element(
    'div',
    'flex w-full min-w-0 flex-wrap items-center gap-x-1 gap-y-0.5 overflow-hidden rounded border-l-4 bg-white px-1 py-0.5 text-xs whitespace-nowrap text-zinc-900',
  );
  box.style.borderLeftColor = PLATFORM_ACCENTS[post.platform];
  box.dataset.platform = post.platform;

  const open = element(
    'button',
    'flex w-full min-w-0 items-center gap-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600',
  );
  open.type = 'button';
  open.dataset.tip = tipText(post);
  open.append(platformIconNode(post.platform));
  if (time) open.append(part(element('span', 'shrink-0 font-medium tabular-nums', time), 'time'));
  open.append(part(element('span', 'min-w-0 truncate', post.videoTitle), 'title'));
  open.append(element('span', 'sr-only', ` on ${name}, ${status}`));
  // The title keeps its room first; the account gives way on a narrow screen.
  if (roomy)
    open.append(element('span', 'min-w-0 shrink-[100] truncate text-zinc-600', ` · ${name} · ${post.accountName}`));
  open.addEventListener('click', () => actions.onOpen(post));
  box.append(open);

  const badge = element(
    'span',
    `inline-flex shrink-0 items-center rounded-full px-1.5 text-xs font-medium ring-1 ring-inset ${waiting ? STATUS_CLASSES.unconfirmed : STATUS_CLASSES[post.status]}`,
    waiting ? 'Waiting' : status,
  );
  badge.setAttribute('aria-hidden', 'true');
  if (waiting) badge.title = status;
  box.append(part(badge, 'status'));

  // Moving a post that waits for its account is refused until the account is back.
  if (post.status === 'scheduled' && !waiting) {
    const move = element(
      'button',
      'shrink-0 rounded px-1 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
      'Move…',
    );
    move.type = 'button';
    move.setAttribute('aria-label', `Move… ${post.videoTitle} on ${name}`);
    move.addEventListener('click', () => actions.onMove(post));
    box.append(part(move, 'move'));
  }
  return box;
}

/**
 * Posts due at one minute in the week and day views: "3 posts at 09:00" and their platforms' icons, in a button
 * that lists them (each to open or move from there); side by side they would be slivers.
 */
export function sameTimeNodes(group: TimeGroup<Post>, onOpen: (group: TimeGroup<Post>) => void): HTMLElement {
  const button = element(
    'button',
    'flex w-full min-w-0 flex-wrap items-center gap-1 overflow-hidden rounded border-l-4 border-zinc-500 bg-white px-1 py-0.5 text-left text-xs font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600',
  );
  button.type = 'button';
  button.setAttribute('aria-haspopup', 'dialog');
  button.dataset.tip = group.items.map((item) => item.videoTitle).join('\n');
  button.append(element('span', 'whitespace-normal', sameTimeLabel(group)));
  const icons = element('span', 'flex flex-wrap gap-0.5');
  icons.setAttribute('aria-hidden', 'true');
  for (const item of group.items) icons.append(platformIconNode(item.platform));
  button.append(icons);
  button.addEventListener('click', () => onOpen(group));
  return button;
}

/** "+N more" of a full day in the month view: opens that day, where every post of it is drawn. */
export function moreNodes(more: { day: string; count: number }, openDay: (day: string) => void): HTMLElement {
  const button = element(
    'button',
    'w-full rounded px-1 text-left text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600',
    `+${more.count} more`,
  );
  button.type = 'button';
  button.dataset.more = more.day;
  button.setAttribute('aria-label', `+${more.count} more on ${more.day}: open the day`);
  button.addEventListener('click', () => openDay(more.day));
  return button;
}
