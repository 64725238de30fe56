import { FilmIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { UNKNOWN_DURATION } from '@/lib/format';
import type { LibraryItem } from '../library-items';

/** Preview image (or a placeholder) with the duration in the corner. */
export function VideoThumb({ item, className, compact }: { item: LibraryItem; className?: string; compact?: boolean }) {
  return (
    <div className={cn('relative aspect-video overflow-hidden bg-gradient-to-br from-zinc-800 to-zinc-950', className)}>
      {item.thumbnail ? (
        <img
          src={item.thumbnail}
          alt=""
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-zinc-500">
          <FilmIcon className={compact ? 'size-5' : 'size-9'} />
        </div>
      )}
      {!compact && (
        <span className="absolute right-2 bottom-2 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
          <span className="sr-only">Duration </span>
          {item.duration || UNKNOWN_DURATION}
        </span>
      )}
    </div>
  );
}
