import { useNavigate } from 'react-router';
import { GUEST_USER, useLogout, useSession } from '@/features/auth';
import { Dropdown, DropdownItem, DropdownLink, DropdownSection, DropdownSeparator } from '@/components/ui/Dropdown';
import { ChevronDownIcon, LogoutIcon, ShieldIcon } from '@/components/ui/icons';
import { avatarLetter } from '@/lib/format';

export function UserMenu() {
  const { user } = useSession();
  const shown = user ?? GUEST_USER;
  const logout = useLogout();
  const navigate = useNavigate();

  function signOut() {
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  }

  return (
    <Dropdown
      align="right"
      triggerClassName="flex items-center gap-2 rounded-full p-0.5 pr-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:pr-2"
      trigger={
        <>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-500 text-sm font-semibold text-white"
          >
            {avatarLetter(shown.username)}
          </span>
          <span className="sr-only">Account menu for</span>{' '}
          <span className="sr-only max-w-32 truncate text-sm font-medium text-zinc-800 sm:not-sr-only">
            {shown.username}
          </span>
          <ChevronDownIcon className="hidden size-4 text-zinc-400 sm:block" />
        </>
      }
    >
      <DropdownSection>
        <p className="truncate text-sm font-semibold text-zinc-900">{shown.username}</p>
        <p className="truncate text-xs text-zinc-500">{shown.email}</p>
        <p className="mt-1.5 inline-block rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">user</p>
      </DropdownSection>
      <DropdownSeparator />
      <DropdownLink to="/security">
        <ShieldIcon className="size-4" /> Security
      </DropdownLink>
      <DropdownItem onSelect={signOut}>
        <LogoutIcon className="size-4" /> Sign out
      </DropdownItem>
    </Dropdown>
  );
}
