import { useState } from 'react';
import { AccountFilter, useAccountFilter } from '@/features/accounts';
import { usePageTitle } from '@/features/config';
import { PostsCsvActions } from '@/features/posts-csv';
import { useCurrentProject } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { EmptyPage } from '@/components/ui/EmptyPage';
import { PostsIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { useUserTimeZone } from '../hooks/use-user-time-zone';
import { NO_FILTER, usePostPages, type PostsFilter } from '../posts-page';
import { PostsFilters, postsSelectClasses } from './PostsFilters';
import { PostsTable } from './PostsTable';
import { BulkApproveBar } from './BulkApproveBar';
import { ProjectRoleProvider } from '../use-can-approve';

const TITLE = 'My Posts';
const SUBTITLE = 'Everything you publish, on every platform, in one list.';

function NoPostsYet() {
  return (
    <EmptyPage
      title={TITLE}
      subtitle={SUBTITLE}
      icon={<PostsIcon className="size-6" />}
      emptyTitle="No posts yet"
      links={[
        { to: '/dashboard', label: 'Go to my videos' },
        { to: '/accounts', label: 'Connect accounts' },
      ]}
    >
      Each video you publish becomes a post here, with its status and a link to it on each platform. Start by uploading
      a video and completing its details.
    </EmptyPage>
  );
}

function PostsLoading() {
  return (
    <div role="status" aria-label="Loading posts" className="space-y-2">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}

/** My Posts (/posts): every post of the current project, newest first, filtered, a page at a time. */
export function PostsScreen() {
  usePageTitle(TITLE);
  const { project, projectId, isResolved } = useCurrentProject();
  const zone = useUserTimeZone();
  const [filter, setFilter] = useState<PostsFilter>(NO_FILTER);
  const account = useAccountFilter(projectId);
  const pages = usePostPages(projectId, filter, account.accountId);
  const posts = pages.data?.pages.flatMap((page) => page.posts) ?? [];
  const filtering = filter.status !== '' || filter.platform !== '' || account.accountId !== undefined;

  if (isResolved && projectId === undefined) return <NoPostsYet />;
  if (pages.isSuccess && posts.length === 0 && !filtering) return <NoPostsYet />;

  return (
    <ProjectRoleProvider value={project?.role ?? null}>
      <PageHeader title={TITLE} subtitle={SUBTITLE} actions={<PostsCsvActions />} />
      <PostsFilters filter={filter} onChange={setFilter}>
        <AccountFilter
          connections={account.connections}
          value={account.accountId}
          onChange={account.setAccountId}
          selectClassName={postsSelectClasses}
        />
      </PostsFilters>
      {pages.isPending ? (
        <PostsLoading />
      ) : !pages.data ? (
        <ErrorState
          title="Your posts could not be loaded"
          message="Check your connection and try again."
          onRetry={() => pages.refetch()}
        />
      ) : posts.length === 0 ? (
        <EmptyState
          icon={<PostsIcon className="size-6" />}
          title="No posts match these filters"
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setFilter(NO_FILTER);
                account.setAccountId(undefined);
              }}
            >
              Show all posts
            </Button>
          }
        />
      ) : (
        <>
          <BulkApproveBar posts={posts} />
          <PostsTable posts={posts} zone={zone} />
          {pages.hasNextPage && (
            <div className="mt-4 flex flex-col items-center gap-2">
              {pages.isFetchNextPageError && (
                <p role="alert" className="text-sm text-red-600">
                  More posts could not be loaded. Try again.
                </p>
              )}
              <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </ProjectRoleProvider>
  );
}
