import type { PlatformKey } from '@fanout/contracts';
import { cn } from './cn';

/** Simplified brand glyphs on each platform's own colour. Decorative: the label is always next to them. */
const glyphs: Record<PlatformKey, { bg: string; path: React.ReactNode }> = {
  instagram: {
    bg: 'bg-[linear-gradient(45deg,#f59e0b,#ec4899_55%,#8b5cf6)]',
    path: (
      <>
        <rect x="5" y="5" width="14" height="14" rx="4" fill="none" stroke="#fff" strokeWidth="1.8" />
        <circle cx="12" cy="12" r="3.2" fill="none" stroke="#fff" strokeWidth="1.8" />
        <circle cx="16.2" cy="7.8" r="1" fill="#fff" />
      </>
    ),
  },
  tiktok: {
    bg: 'bg-zinc-900',
    path: (
      <path
        d="M13 5h2.4c.3 1.8 1.5 3 3.3 3.2v2.4a6 6 0 0 1-3.3-1v5.1a4.6 4.6 0 1 1-4.6-4.6v2.5a2.1 2.1 0 1 0 2.2 2.1Z"
        fill="#fff"
      />
    ),
  },
  youtube: {
    bg: 'bg-red-600',
    path: <path d="M9.75 8.5v7L16 12Z" fill="#fff" />,
  },
  facebook: {
    bg: 'bg-blue-600',
    path: (
      <path
        d="M13.2 19v-6h2l.3-2.4h-2.3V9.2c0-.7.2-1.2 1.2-1.2h1.2V5.9a16 16 0 0 0-1.8-.1c-1.8 0-3 1.1-3 3.1v1.7h-2V13h2v6Z"
        fill="#fff"
      />
    ),
  },
  x: {
    bg: 'bg-black',
    path: <path d="M6.5 6h3.3l2.6 3.6L15.5 6h1.8l-4.1 4.7L18 18h-3.3l-2.9-4-3.5 4H6.5l4.4-5Z" fill="#fff" />,
  },
  reddit: {
    bg: 'bg-orange-600',
    path: (
      <>
        <ellipse cx="12" cy="13.5" rx="6" ry="4.2" fill="#fff" />
        <circle cx="17.2" cy="9.6" r="1.4" fill="#fff" />
        <circle cx="9.8" cy="13.2" r="0.9" className="fill-orange-600" />
        <circle cx="14.2" cy="13.2" r="0.9" className="fill-orange-600" />
        <path d="m12 9.3.9-3.6 2.8.7" fill="none" stroke="#fff" strokeWidth="1.2" strokeLinecap="round" />
      </>
    ),
  },
};

/** Every platform, in the contract's order (the record above is keyed by the contract's type). */
export const ICON_PLATFORMS = Object.keys(glyphs) as PlatformKey[];

export function PlatformIcon({ platform, className }: { platform: PlatformKey; className?: string }) {
  const glyph = glyphs[platform];
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-6 shrink-0 items-center justify-center rounded-md', glyph.bg, className)}
    >
      <svg viewBox="0 0 24 24" className="size-full">
        {glyph.path}
      </svg>
    </span>
  );
}
