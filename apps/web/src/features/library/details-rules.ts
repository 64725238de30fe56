import { splitTags } from '@/lib/format';
import type { PlatformKey, UpdateVideoBody } from '@fanout/contracts';

export const SELECT_PLATFORM_MESSAGE = 'Please select at least one platform';

interface DetailsDraft {
  title: string;
  description: string;
  tags: string;
  platforms: readonly PlatformKey[];
}

/**
 * Spec section 5: a title and at least one platform are needed before saving; the platform message
 * shows only when something is connected and nothing is selected.
 */
export function detailsRules(draft: Pick<DetailsDraft, 'title' | 'platforms'>, connectedCount: number) {
  const hasTitle = draft.title.trim().length > 0;
  const hasPlatform = draft.platforms.length > 0;
  return {
    canSave: hasTitle && hasPlatform,
    platformMessage: connectedCount > 0 && !hasPlatform ? SELECT_PLATFORM_MESSAGE : undefined,
  };
}

/** What 'Save & Continue' sends; completing details moves the video to 'ready'. */
export function detailsBody(draft: DetailsDraft, markReady: boolean): UpdateVideoBody {
  return {
    title: draft.title.trim(),
    description: draft.description,
    tags: splitTags(draft.tags),
    platforms: [...draft.platforms],
    ...(markReady ? { status: 'ready' as const } : {}),
  };
}
