import { PLATFORMS, type PlatformKey, type PlatformPost } from '@fanout/contracts';
import { PlatformIcon } from '@/components/ui/PlatformIcon';
import { CheckIcon, ClockIcon, CloseIcon, RefreshIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { PLATFORM_STATE_WORDS, platformStates, type PlatformState } from '../platform-states';

const labelOf = (key: PlatformKey) => PLATFORMS.find((p) => p.key === key)?.label ?? key;

/** A small mark on the platform's icon: its shape says the state, so colour is never the only sign. */
const MARKS: Record<Exclude<PlatformState, 'none' | 'cancelled'>, { className: string; glyph: React.ReactNode }> = {
  published: { className: 'bg-emerald-600', glyph: <CheckIcon className="size-2.5 stroke-[3.5]" /> },
  scheduled: { className: 'bg-sky-600', glyph: <ClockIcon className="size-2.5 stroke-[3]" /> },
  awaiting_approval: { className: 'bg-amber-600', glyph: <ClockIcon className="size-2.5 stroke-[3]" /> },
  publishing: { className: 'bg-brand-600', glyph: <RefreshIcon className="size-2.5 stroke-[3]" /> },
  failed: { className: 'bg-red-600', glyph: <CloseIcon className="size-2.5 stroke-[3.5]" /> },
  unconfirmed: { className: 'bg-amber-600', glyph: <span className="text-[9px] leading-none font-bold">?</span> },
};

function StateMark({ state }: { state: PlatformState }) {
  if (state === 'none' || state === 'cancelled') return null;
  const mark = MARKS[state];
  return (
    <span
      aria-hidden="true"
      data-state={state}
      className={cn(
        'absolute -right-1 -bottom-1 flex size-3.5 items-center justify-center rounded-full text-white ring-2 ring-white',
        mark.className,
      )}
    >
      {mark.glyph}
    </span>
  );
}

/**
 * The platforms as icons, named for assistive technology. With `posts` (a library card), each platform also
 * shows its own post's state ("X: failed"), read from the video's `platformPosts`; without, only the names.
 */
export function PlatformList({
  platforms,
  posts,
}: {
  platforms: readonly PlatformKey[];
  posts?: readonly PlatformPost[];
}) {
  const items = posts
    ? platformStates(platforms, posts)
    : platforms.map((platform) => ({ platform, state: undefined }));
  if (items.length === 0) return <span className="text-xs text-zinc-500">No platforms yet</span>;
  return (
    <ul className="flex flex-wrap items-center gap-1.5" aria-label={posts ? 'Platforms' : 'Target platforms'}>
      {items.map(({ platform, state }) => {
        const name = state ? `${labelOf(platform)}: ${PLATFORM_STATE_WORDS[state]}` : labelOf(platform);
        return (
          <li key={platform} title={name} className="relative" data-platform={platform}>
            <PlatformIcon platform={platform} className={cn('size-5', state === 'none' && 'opacity-60')} />
            {state && <StateMark state={state} />}
            <span className="sr-only">{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
