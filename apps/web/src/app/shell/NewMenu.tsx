import { useLocation, useNavigate } from 'react-router';
import { Dropdown, DropdownItem } from '@/components/ui/Dropdown';
import { ChevronDownIcon, FilmIcon, PlusIcon, PostsIcon, ShortVideoIcon } from '@/components/ui/icons';
import { emitSignal } from '@/lib/signals';

/** How long after navigating to the library the upload modal opens. */
export const OPEN_AFTER_NAVIGATION_MS = 100;

const ENTRIES = [
  {
    label: 'Longformat Video upload',
    description: 'Videos for YouTube, Facebook and Reddit',
    icon: FilmIcon,
    action: 'upload',
  },
  {
    label: 'Shortformat Video upload',
    description: 'Reels, TikToks and Shorts',
    icon: ShortVideoIcon,
    action: 'upload',
  },
  { label: 'Create Post', description: 'Create a post with our post creation tool', icon: PostsIcon, action: 'post' },
] as const;

export function useOpenUpload(onDone?: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    onDone?.();
    if (location.pathname === '/dashboard') return emitSignal('open-upload-modal');
    void navigate('/dashboard');
    window.setTimeout(() => emitSignal('open-upload-modal'), OPEN_AFTER_NAVIGATION_MS);
  };
}

export function NewMenu({ onNavigate }: { onNavigate?: () => void }) {
  const openUpload = useOpenUpload(onNavigate);
  const openComposer = () => {
    onNavigate?.();
    emitSignal('open-post-composer');
  };
  return (
    <Dropdown
      align="stretch"
      trigger={
        <>
          <PlusIcon className="size-4" />
          <span className="flex-1 text-left">New</span>
          <ChevronDownIcon className="size-4 opacity-80" />
        </>
      }
      triggerClassName="flex h-10 w-full items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      menuClassName="min-w-64"
    >
      {ENTRIES.map(({ label, description, icon: Icon, action }) => (
        <DropdownItem key={label} onSelect={action === 'post' ? openComposer : openUpload}>
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="size-4" />
          </span>
          <span>
            <span className="block font-medium text-zinc-900">{label}</span>
            <span className="block text-xs text-zinc-500">{description}</span>
          </span>
        </DropdownItem>
      ))}
    </Dropdown>
  );
}
