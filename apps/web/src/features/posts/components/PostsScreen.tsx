import { usePageTitle } from '@/features/config';
import { EmptyPage } from '@/components/ui/EmptyPage';
import { PostsIcon } from '@/components/ui/icons';

export function PostsScreen() {
  usePageTitle('My Posts');
  return (
    <EmptyPage
      title="My Posts"
      subtitle="Everything you publish, on every platform, in one list."
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
