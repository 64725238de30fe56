import { useEffect, useRef, useState } from 'react';
import type { Connection, Video } from '@fanout/contracts';
import { useSession } from '@/features/auth';
import { draftKey, useKeepDraft, useRestoredDraft } from '@/lib/form-drafts';
import { initialDraft, parsePublishDraft, sameDraft, withTicks, type PublishDraft } from '../publish-draft';

/**
 * The publish form's draft. It starts with the platforms chosen in the video's details ticked (those the
 * project's accounts can post to now), or with what the person typed here before and did not send, kept per
 * user and video in this browser; platforms chosen in the details while the form is open are ticked as well.
 */
export function usePublishDraft(video: Video, connections: readonly Connection[], initialLocal = '') {
  const { user } = useSession();
  const usable = connections.filter((c) => c.status !== 'needs_reconnect').map((c) => c.platform);
  const chosen = video.platforms.filter((platform) => usable.includes(platform));
  const fresh = () => initialDraft(chosen, initialLocal);

  const key = user ? draftKey('publish', user.id, video.id) : null;
  const restored = useRestoredDraft(key, parsePublishDraft);
  const [draft, setDraft] = useState<PublishDraft>(() => restored ?? fresh());
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  useKeepDraft(key, draft, !sameDraft(draft, fresh()));

  const chosenNow = chosen.join(',');
  const chosenBefore = useRef(chosenNow);
  useEffect(() => {
    const before = chosenBefore.current.split(',');
    chosenBefore.current = chosenNow;
    const added = chosen.filter((platform) => !before.includes(platform));
    if (added.length > 0) setDraft((d) => withTicks(d, added, true));
    // `chosen` is read through its joined form, which is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosenNow]);

  return {
    draft,
    setDraft,
    /** Back to the form as it starts (after sending, or when the person discards the draft). */
    reset() {
      setDraft(fresh());
      setRestoredShown(false);
    },
    /** The form opened with a draft, and the person has not discarded it. */
    restoredShown,
  };
}
