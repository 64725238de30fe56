import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useNotifications } from '../api/get-notifications';
import { useNow } from '../hooks/use-now';
import { NotificationItem } from './NotificationItem';

/** The bell's popup: the latest notifications, newest first, each a link; "Mark all read". */
export function NotificationsPanel() {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const now = useNow();
  const notifications = list.data?.notifications ?? [];
  const unread = list.data?.unread ?? 0;

  return (
    <div>
      <div className="flex items-center justify-between gap-3 px-3 pt-1.5 pb-2">
        <p className="text-sm font-semibold text-zinc-900">Notifications</p>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => markRead.mutate({ all: true })}
            className="rounded-md px-1.5 py-0.5 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Mark all read
          </button>
        )}
      </div>
      {list.isPending ? (
        <p className="px-3 pb-2 text-sm text-zinc-500">Loading notifications…</p>
      ) : list.isError ? (
        <p className="px-3 pb-2 text-sm text-red-700">Notifications could not be loaded. Try again in a moment.</p>
      ) : notifications.length === 0 ? (
        <p className="px-3 pb-2 text-sm text-zinc-500">
          You&apos;re all caught up. Published posts, failed ones and accounts that need reconnecting will be announced
          here.
        </p>
      ) : (
        <div role="menu" aria-label="Latest notifications" className="max-h-96 overflow-y-auto">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              now={now}
              onOpen={() => {
                if (!notification.read) markRead.mutate({ ids: [notification.id] });
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
