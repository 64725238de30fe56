import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { PostsIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';

export function PostsScreen() {
  usePageTitle('My Posts');
  return (
    <>
      <PageHeader title="My Posts" subtitle="Everything you publish, on every platform, in one list." />
      <EmptyState
        icon={<PostsIcon className="size-6" />}
        title="No posts yet"
        action={
          <>
            <ButtonLink to="/dashboard">Go to my videos</ButtonLink>
            <ButtonLink to="/accounts" variant="secondary">
              Connect accounts
            </ButtonLink>
          </>
        }
      >
        Each video you publish becomes a post here, with its status and a link to it on each platform. Start by
        uploading a video and completing its details.
      </EmptyState>
    </>
  );
}
