import { Skeleton } from '@/components/ui/States';
import type { LibraryView } from './LibraryToolbar';

/** Placeholders of the same size as the cards, so nothing jumps when the list arrives. */
export function LibraryLoading({ view }: { view: LibraryView }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading videos…</span>
      {view === 'grid' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-xl border border-zinc-200 bg-white">
              <Skeleton className="aspect-video rounded-none" />
              <div className="space-y-3 p-4">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <div className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      )}
    </div>
  );
}
