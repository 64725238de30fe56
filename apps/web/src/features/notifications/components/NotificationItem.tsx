import type { Notification, NotificationKind } from '@fanout/contracts';
import { DropdownLink } from '@/components/ui/Dropdown';
import { CheckCircleIcon, ClockIcon, KeyIcon, UsersIcon, WarningIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '../relative-time';

const KIND_ICON: Record<NotificationKind, { Icon: typeof CheckCircleIcon; tone: string }> = {
  published: { Icon: CheckCircleIcon, tone: 'text-emerald-600' },
  failed: { Icon: WarningIcon, tone: 'text-red-600' },
  unconfirmed: { Icon: WarningIcon, tone: 'text-amber-600' },
  needs_reconnect: { Icon: KeyIcon, tone: 'text-amber-600' },
  approval_requested: { Icon: ClockIcon, tone: 'text-amber-600' },
  approved: { Icon: CheckCircleIcon, tone: 'text-emerald-600' },
  changes_requested: { Icon: WarningIcon, tone: 'text-amber-600' },
  mention: { Icon: UsersIcon, tone: 'text-sky-700' },
};

/** One line of the bell: what happened, how long ago; following it goes to the video (or Accounts). */
export function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: number;
  onOpen: () => void;
}) {
  const { Icon, tone } = KIND_ICON[notification.kind];
  return (
    <DropdownLink
      to={notification.link}
      onSelect={onOpen}
      className={cn('items-start', !notification.read && 'bg-brand-50/60')}
    >
      <Icon className={cn('mt-0.5 size-4', tone)} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-pretty', notification.read ? 'text-zinc-600' : 'font-medium text-zinc-900')}>
          {notification.message}
        </span>
        <time
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
          className="mt-0.5 block text-xs text-zinc-500"
        >
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
      {!notification.read && (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </DropdownLink>
  );
}
