import type { Post, PostStatus } from '@fanout/contracts';
import { POST_STATUS_LABELS, platformName, waitsForReconnect } from '@/features/posts';
import { PLATFORM_ACCENTS } from '../platform-colors';

/**
 * A post on the calendar as plain DOM: FullCalendar mounts a React portal per event for React content, which
 * stalls the month view at thousands of posts; these nodes cost nothing to place.
 */

/** The app's badge tones (components/ui/Badge), per status. */
const STATUS_CLASSES: Readonly<Record<PostStatus, string>> = {
  scheduled: 'bg-sky-50 text-sky-700 ring-sky-200',
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

export interface PostEventActions {
  onOpen(post: Post): void;
  onMove(post: Post): void;
}

/**
 * Platform colour strip, time, title and status in a button that opens the post, with "Move…" for a scheduled
 * one (the keyboard's way to drag it). `roomy`: the agenda has room for the account's name.
 */
export function postEventNodes(post: Post, time: string, roomy: boolean, actions: PostEventActions): HTMLElement {
  const name = platformName(post.platform);
  const waiting = waitsForReconnect(post);
  // A post waiting for its account says so, in the badge's room and in full to a screen reader and on hover.
  const status = waiting ? `Waiting: reconnect ${name} on Accounts` : POST_STATUS_LABELS[post.status];
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
  if (time) open.append(element('span', 'shrink-0 font-medium tabular-nums', time));
  open.append(element('span', 'min-w-0 truncate', post.videoTitle));
  open.append(element('span', 'sr-only', ` on ${name}, ${status}`));
  if (roomy) open.append(element('span', 'truncate text-zinc-600', ` · ${name} · ${post.accountName}`));
  open.addEventListener('click', () => actions.onOpen(post));
  box.append(open);

  const badge = element(
    'span',
    `inline-flex shrink-0 items-center rounded-full px-1.5 text-xs font-medium ring-1 ring-inset ${waiting ? STATUS_CLASSES.unconfirmed : STATUS_CLASSES[post.status]}`,
    waiting ? 'Waiting' : status,
  );
  badge.setAttribute('aria-hidden', 'true');
  if (waiting) badge.title = status;
  box.append(badge);

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
    box.append(move);
  }
  return box;
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
