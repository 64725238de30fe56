import { Dropdown } from '@/components/ui/Dropdown';
import { BellIcon } from '@/components/ui/icons';
import { NotificationsPanel, useArrivalAnnouncement, useNotifications } from '@/features/notifications';

/** The header bell: the unread count on it, the latest notifications under it, kept live by the event stream. */
export function NotificationBell() {
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;
  const announcement = useArrivalAnnouncement(list.data);
  return (
    <>
      <Dropdown
        align="right"
        triggerLabel={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        triggerClassName="relative rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        trigger={
          <>
            <BellIcon />
            {unread > 0 && (
              <span
                aria-hidden="true"
                className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-none font-semibold text-white ring-2 ring-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </>
        }
        menuClassName="w-[min(22rem,calc(100vw-1.5rem))]"
        popupRole="dialog"
      >
        <NotificationsPanel />
      </Dropdown>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
