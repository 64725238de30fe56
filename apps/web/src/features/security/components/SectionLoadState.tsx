import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/States';

/** While a section's data loads: a placeholder; when it failed: what failed and a way to try again. */
export function SectionLoadState({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
        Could not load {what}.
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Skeleton className="h-10 w-64" />;
}
