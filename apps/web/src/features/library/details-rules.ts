import { splitTags } from '@/lib/format';
import { PLATFORM_KEYS, type PlatformKey, type UpdateVideoBody } from '@fanout/contracts';

export const SELECT_PLATFORM_MESSAGE = 'Please select at least one platform';

export interface DetailsDraft {
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

/** The form as the saved video fills it. */
export const savedDetails = (video: {
  title: string;
  description: string;
  tags: readonly string[];
  platforms: readonly PlatformKey[];
}): DetailsDraft => ({
  title: video.title,
  description: video.description,
  tags: video.tags.join(', '),
  platforms: [...video.platforms],
});

export const sameDetails = (a: DetailsDraft, b: DetailsDraft) =>
  a.title === b.title &&
  a.description === b.description &&
  a.tags === b.tags &&
  a.platforms.length === b.platforms.length &&
  a.platforms.every((p) => b.platforms.includes(p));

/** A draft read back from storage, or null when it is not one (an older shape, a hand edit). */
export function parseDetailsDraft(raw: unknown): DetailsDraft | null {
  const d = raw as Partial<Record<keyof DetailsDraft, unknown>> | null;
  if (!d || typeof d !== 'object') return null;
  const texts = [d.title, d.description, d.tags].every((v) => typeof v === 'string');
  const platforms = Array.isArray(d.platforms) && d.platforms.every((p) => PLATFORM_KEYS.includes(p as PlatformKey));
  return texts && platforms ? (d as DetailsDraft) : null;
}
