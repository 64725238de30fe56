import {
  buildCaption,
  type AccountFacts,
  type Connection,
  PLATFORM_KEYS,
  validatePost,
  type CreatePostsBody,
  type PlatformKey,
  type PostTarget,
  type PostViolation,
  type Video,
  type VideoFacts,
} from '@fanout/contracts';

/**
 * What the person is composing for one video: the platforms ticked, each one's caption (null: the one built
 * from the video's details) and options, and the time. Pure, so the rules run as they type.
 */
export interface TargetDraft {
  selected: boolean;
  caption: string | null;
  options: Record<string, unknown>;
  /** The accounts chosen when the project has several of the platform; unset: the first of them. */
  connectionIds?: number[];
  /** Posted under the post once it is live; unset or blank: none. */
  firstComment?: string;
  /**
   * The fitting copy made (or being made) for this platform with the composer's settings: the posts send it
   * (`renditionId`) and are checked against its facts. Unset: the video as uploaded.
   */
  copy?: { id: number; facts: VideoFacts };
}

export interface PublishDraft {
  targets: Record<PlatformKey, TargetDraft>;
  /** The `datetime-local` value, in the person's zone; '' until chosen. */
  local: string;
  /** Which reading of a time the clocks show twice; undefined until asked and answered. */
  disambiguation: 'earlier' | 'later' | undefined;
}

/**
 * Each platform's options as the form starts them. TikTok's privacy is '' on purpose: TikTok requires the
 * person to choose it for every post, so it is never filled in for them (and its interactions start off).
 */
export const INITIAL_OPTIONS: Readonly<Record<PlatformKey, Record<string, unknown>>> = {
  tiktok: {
    privacyLevel: '',
    allowComments: false,
    allowDuet: false,
    allowStitch: false,
    // TikTok's disclosure starts off, neither choice ticked (Content Sharing Guidelines, point 3).
    commercialContent: false,
    brandOrganic: false,
    brandContent: false,
    isAigc: false,
  },
  youtube: { privacy: 'public', categoryId: '', madeForKids: false },
  instagram: { shareToFeed: true },
  facebook: { kind: 'video', title: '' },
  x: { replySettings: '' },
  // Reddit sends reply notifications unless the poster turns them off.
  reddit: { subreddit: '', flairId: '', nsfw: false, spoiler: false, sendReplies: true },
};

/** The form as it starts: `ticked`, the platforms already chosen (in the video's details), ticked. */
export function initialDraft(ticked: readonly PlatformKey[] = [], local = ''): PublishDraft {
  const targets = Object.fromEntries(
    PLATFORM_KEYS.map((platform) => [
      platform,
      { selected: ticked.includes(platform), caption: null, options: { ...INITIAL_OPTIONS[platform] } },
    ]),
  ) as Record<PlatformKey, TargetDraft>;
  return { targets, local, disambiguation: undefined };
}

/** The same platforms, texts, options and time. */
export const sameDraft = (a: PublishDraft, b: PublishDraft) => JSON.stringify(a) === JSON.stringify(b);

/** A draft read back from storage, or null when it is not one (an older shape, a hand edit). */
export function parsePublishDraft(raw: unknown): PublishDraft | null {
  const d = raw as { targets?: Record<string, unknown>; local?: unknown; disambiguation?: unknown } | null;
  if (!d || typeof d !== 'object' || typeof d.local !== 'string' || !d.targets) return null;
  if (d.disambiguation !== undefined && d.disambiguation !== 'earlier' && d.disambiguation !== 'later') return null;
  const fresh = initialDraft();
  for (const platform of PLATFORM_KEYS) {
    const t = d.targets[platform] as Partial<TargetDraft> | undefined;
    if (!t || typeof t.selected !== 'boolean' || (t.caption !== null && typeof t.caption !== 'string')) return null;
    if (!t.options || typeof t.options !== 'object') return null;
    const ids = Array.isArray(t.connectionIds) ? t.connectionIds.filter((id) => typeof id === 'number') : undefined;
    const comment = typeof t.firstComment === 'string' ? { firstComment: t.firstComment } : {};
    fresh.targets[platform] = {
      selected: t.selected,
      caption: t.caption,
      options: t.options,
      connectionIds: ids,
      ...comment,
    };
  }
  return { targets: fresh.targets, local: d.local, disambiguation: d.disambiguation };
}

/** The draft with these platforms ticked (`selected`) or left out. */
export function withTicks(draft: PublishDraft, platforms: readonly PlatformKey[], selected: boolean): PublishDraft {
  const targets = { ...draft.targets };
  for (const platform of platforms) targets[platform] = { ...targets[platform], selected };
  return { ...draft, targets };
}

export const selectedPlatforms = (draft: PublishDraft): PlatformKey[] =>
  PLATFORM_KEYS.filter((platform) => draft.targets[platform].selected);

/** The text shown in the platform's caption field: the person's own, else the one built from the video. */
export function shownCaption(draft: PublishDraft, platform: PlatformKey, video: Video): string {
  return draft.targets[platform].caption ?? buildCaption(platform, video);
}

/** A list typed as text keeps its empty last item while typing ("mia, "); it is not sent. */
const withoutEmpty = (value: unknown) => (Array.isArray(value) ? value.filter((item) => item !== '') : value);

/** Options as sent: a field left empty is an option not given (Reddit's flair, X's "everyone may reply"). */
export function cleanOptions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options)
      .map(([name, value]) => [name, withoutEmpty(value)] as const)
      .filter(([, value]) => value !== '' && value !== undefined && value !== null)
      .filter(([, value]) => !Array.isArray(value) || value.length > 0),
  );
}

export function videoFacts(video: Video): VideoFacts {
  return {
    durationSeconds: video.durationSeconds,
    sizeBytes: video.sizeBytes,
    width: video.width,
    height: video.height,
    fps: video.fps,
    videoCodec: video.videoCodec,
    audioCodec: video.audioCodec,
    mimeType: video.mimeType,
  };
}

/**
 * Every rule of every ticked platform that the post would break, as the server would report them. `accounts`:
 * what each connected account may do (its privacy levels, its longest video), when its platform said.
 */
export function draftViolations(
  draft: PublishDraft,
  video: Video,
  accounts: Partial<Record<PlatformKey, AccountFacts>> = {},
): PostViolation[] {
  const facts = videoFacts(video);
  return selectedPlatforms(draft).flatMap((platform) =>
    validatePost(
      platform,
      draft.targets[platform].copy?.facts ?? facts,
      {
        title: video.title,
        caption: shownCaption(draft, platform, video),
        tags: video.tags,
        options: cleanOptions(draft.targets[platform].options),
        firstComment: draft.targets[platform].firstComment,
      },
      accounts[platform],
    ),
  );
}

/**
 * The accounts of a platform a post goes to, when the project has several of it: those chosen, else the first
 * (connected ones only). Empty when it has one: the server takes it.
 */
export function chosenAccounts(draft: PublishDraft, platform: PlatformKey, connections: readonly Connection[]) {
  const usable = connections.filter((c) => c.platform === platform && c.status !== 'needs_reconnect');
  if (connections.filter((c) => c.platform === platform).length < 2) return [];
  const ids = draft.targets[platform].connectionIds;
  return ids ? usable.filter((c) => ids.includes(c.id)) : usable.slice(0, 1);
}

/**
 * The targets to send, one per account chosen: a caption only when the person wrote one that differs from the
 * built one.
 */
export function draftTargets(draft: PublishDraft, video: Video, connections: readonly Connection[] = []): PostTarget[] {
  return selectedPlatforms(draft).flatMap((platform) => {
    const { caption, options, firstComment, copy } = draft.targets[platform];
    const own = caption !== null && caption !== buildCaption(platform, video) ? { caption } : {};
    const comment = firstComment?.trim() ? { firstComment } : {};
    const sent = copy ? { renditionId: copy.id } : {};
    const target = { platform, ...own, options: cleanOptions(options), ...comment, ...sent };
    const accounts = chosenAccounts(draft, platform, connections);
    return accounts.length === 0 ? [target] : accounts.map((c) => ({ ...target, connectionId: c.id }));
  });
}

export function createBody(
  draft: PublishDraft,
  video: Video,
  when: 'now' | 'schedule' | 'queue',
  connections: readonly Connection[] = [],
): CreatePostsBody {
  const targets = draftTargets(draft, video, connections);
  if (when === 'now') return { targets };
  if (when === 'queue') return { targets, queue: true };
  return {
    targets,
    scheduledLocal: draft.local,
    ...(draft.disambiguation ? { disambiguation: draft.disambiguation } : {}),
  };
}

/** Violations of one platform and field (`caption`, `options.privacyLevel`), and those of no field shown. */
export function violationsOf(violations: readonly PostViolation[], platform: PlatformKey, field: string) {
  return violations.filter((v) => v.platform === platform && v.field === field);
}

/** One list without repeats: the browser's check and the server's answer often say the same thing. */
export function mergeViolations(...lists: readonly PostViolation[][]): PostViolation[] {
  const seen = new Set<string>();
  return lists.flat().filter((v) => {
    const key = `${v.platform}|${v.field}|${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
