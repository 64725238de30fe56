import { useId, useState } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { FormAlert } from '@/components/ui/FormAlert';
import { PostsIcon } from '@/components/ui/icons';
import { useMe, useSession, useUpdateMe } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';

/**
 * Whether "Publish now" asks first when a post would go out at once on a live (not sandbox) account. The
 * question's own "Don't ask me again" turns it off; this turns it back on. A setting of the person's account.
 */
export function PublishQuestionSection() {
  const id = useId();
  const { isLoggedIn } = useSession();
  const me = useMe(isLoggedIn);
  const update = useUpdateMe();
  const [error, setError] = useState<string>();
  const asks = me.data?.user.askBeforeLivePublish;
  return (
    <SecuritySection
      id="publish-question"
      title="Publishing"
      icon={PostsIcon}
      description="A post sent with “Publish now” is seen at once by everyone on a live account."
    >
      {asks === undefined ? (
        <SectionLoadState query={me} what="your publishing settings" />
      ) : (
        <div className="space-y-3">
          <FormAlert message={error} className="mb-0" />
          <div className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={asks}
              disabled={update.isPending}
              onChange={(event) => {
                setError(undefined);
                update.mutate(
                  { askBeforeLivePublish: event.target.checked },
                  { onError: (err) => setError(errorMessage(err, 'The setting could not be saved.')) },
                );
              }}
            />
            <label htmlFor={id} className="text-sm text-zinc-800">
              Ask before “Publish now” sends a post to a live account
            </label>
          </div>
        </div>
      )}
    </SecuritySection>
  );
}
