import { useRef } from 'react';
import { NavLink } from 'react-router';
import { HeaderSearch } from '@/features/search';
import { ClockIcon, CloseIcon, FolderIcon, UsersIcon } from '@/components/ui/icons';
import { useFocusTrap } from '@/components/ui/use-focus-trap';
import { SidebarContent } from './SidebarContent';

const FILE_LINKS = [
  { to: '/dashboard', label: 'Files', icon: FolderIcon },
  { to: '/recent', label: 'Recent', icon: ClockIcon },
  { to: '/shared', label: 'Shared', icon: UsersIcon },
] as const;

/** Small screens: search, the Files/Recent/Shared links and the whole sidebar in a drawer. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 lg:hidden" onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <div className="absolute inset-0 bg-zinc-950/40" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 left-0 flex w-[85%] max-w-80 flex-col overflow-y-auto bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-zinc-100 px-4 py-3">
          <span className="text-sm font-semibold text-zinc-900">Menu</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-lg p-2 text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="space-y-3 border-b border-zinc-100 p-4">
          <HeaderSearch onNavigate={onClose} />
          <nav aria-label="Files">
            <ul className="flex gap-1">
              {FILE_LINKS.map(({ to, label, icon: Icon }) => (
                <li key={to} className="flex-1">
                  <NavLink
                    to={to}
                    onClick={onClose}
                    className="flex flex-col items-center gap-1 rounded-lg px-2 py-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
                  >
                    <Icon className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex-1">
          <SidebarContent onNavigate={onClose} />
        </div>
      </div>
    </div>
  );
}
