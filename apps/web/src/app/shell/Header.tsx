import { Link } from 'react-router';
import { ProductNameText } from '@/features/config';
import { HeaderSearch } from '@/features/search';
import { LogoMark } from '@/components/ui/Logo';
import { MenuIcon } from '@/components/ui/icons';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur sm:gap-4 sm:px-5">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label="Open menu"
        className="rounded-lg p-2 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
      >
        <MenuIcon />
      </button>
      <Link
        to="/dashboard"
        className="flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 md:shrink-0 lg:w-56"
      >
        <LogoMark />
        {/* The name depends on the host: it is shown once the server has said which, never a wrong one first.
            From md on the search gives way, never the name; below md a very long name may still truncate. */}
        <span className="min-w-0 truncate text-lg font-semibold tracking-tight text-zinc-900">
          <ProductNameText whileLoading="Dashboard" />
        </span>
      </Link>
      <HeaderSearch className="mx-auto hidden max-w-xl min-w-0 flex-1 md:block" />
      <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
