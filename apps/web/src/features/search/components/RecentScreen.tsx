import { Link } from 'react-router';
import { usePageTitle } from '@/features/config';
import { Button, ButtonLink } from '@/components/ui/Button';
import { ClockIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { errorMessage } from '@/lib/api-client';
import { useRecent } from '../api/get-recent';
import { resultHref } from '../search-text';
import { SearchResultRow } from './SearchResultRow';

/** The header's Recent (/recent): what changed lately, videos and posts of every project, newest first. */
export function RecentScreen() {
  usePageTitle('Recent');
  const recent = useRecent();
  const results = recent.data?.pages.flatMap((page) => page.results) ?? [];

  function body() {
    if (recent.isPending) {
      return (
        <div role="status" className="space-y-3" aria-busy="true" aria-label="Loading recent changes">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      );
    }
    if (recent.isError) {
      return (
        <ErrorState
          title="Recent changes could not be loaded"
          message={errorMessage(recent.error, 'Check the connection and try again.')}
          onRetry={() => void recent.refetch()}
        />
      );
    }
    if (results.length === 0) {
      return (
        <EmptyState
          icon={<ClockIcon className="size-6" />}
          title="Nothing changed yet"
          action={<ButtonLink to="/dashboard">Go to my videos</ButtonLink>}
        >
          Videos you upload or edit, and posts you publish or schedule, are listed here, newest first.
        </EmptyState>
      );
    }
    return (
      <>
        <ol
          aria-label="Recent changes"
          className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white"
        >
          {results.map((result) => (
            <li key={result.post ? `post-${result.post.id}` : result.ref}>
              <Link
                to={resultHref(result) ?? '/dashboard'}
                className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
              >
                <SearchResultRow result={result} query="" />
              </Link>
            </li>
          ))}
        </ol>
        {recent.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={recent.isFetchingNextPage}
            onClick={() => void recent.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Recent" subtitle="Your videos and posts in every project, the most recently changed first." />
      {body()}
    </>
  );
}
