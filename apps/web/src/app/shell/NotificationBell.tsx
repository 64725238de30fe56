import { Dropdown, DropdownSection } from '@/components/ui/Dropdown';
import { BellIcon } from '@/components/ui/icons';

export function NotificationBell() {
  return (
    <Dropdown
      align="right"
      triggerLabel="Notifications"
      triggerClassName="rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      trigger={<BellIcon />}
      menuClassName="w-72"
      popupRole="dialog"
    >
      <DropdownSection>
        <p className="text-sm font-semibold text-zinc-900">Notifications</p>
        <p className="mt-1 text-sm text-zinc-500">
          You&apos;re all caught up. Finished uploads and published posts will be announced here.
        </p>
      </DropdownSection>
    </Dropdown>
  );
}
