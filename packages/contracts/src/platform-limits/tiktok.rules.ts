import { z } from 'zod';
import { bounds, GB, MOV, MP4, text, WEBM } from './table-parts';
import type { AccountFacts, Breach, PlatformLimits, PlatformRules } from './types';

/** Figures: the reference (../shared/reference/platform-apis.md §1), from TikTok's media transfer guide. */
export const TIKTOK_LIMITS: PlatformLimits = {
  platform: 'tiktok',
  name: 'TikTok',
  video: {
    name: 'TikTok',
    // 10 minutes is the most any creator gets; creator_info's max_video_post_duration_sec may say less.
    durationSeconds: bounds(3, 600),
    sizeBytes: bounds(null, 4 * GB),
    width: bounds(360, 4096),
    height: bounds(360, 4096),
    aspect: null,
    fps: bounds(23, 60),
    mimeTypes: [...MP4, MOV, WEBM],
    // Codecs are not in the reference; TikTok's media transfer guide lists these four.
    videoCodecs: ['h264', 'hevc', 'vp8', 'vp9'],
    audioCodecs: null,
  },
  otherVideo: {},
  // TikTok's title field; 2,200 UTF-16 units is a third-party figure in the reference.
  caption: text('caption', 2200, 'utf16'),
  title: null,
  tagsMaxTotal: null,
  dailyCaps: [
    // Unaudited apps: at most 5 accounts post through the app per 24 h (and their posts are private).
    { limit: 5, windowHours: 24, of: 'accounts posting through an unaudited app' },
  ],
};

export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;

/**
 * Privacy has no default: TikTok requires the person to choose it from the account's creator_info options.
 * The commercial-content disclosure (Content Sharing Guidelines, "Required UX Implementation" point 3) is off
 * unless turned on; once on, the post says whether it promotes the creator's own business (`brandOrganic`,
 * sent as `brand_organic_toggle`: labelled "Promotional content") or a third party's (`brandContent`, sent as
 * `brand_content_toggle`: labelled "Paid partnership"), or both.
 */
export const TikTokOptions = z.strictObject({
  privacyLevel: z.enum(TIKTOK_PRIVACY_LEVELS),
  allowComments: z.boolean().optional(),
  allowDuet: z.boolean().optional(),
  allowStitch: z.boolean().optional(),
  commercialContent: z.boolean().optional(),
  brandOrganic: z.boolean().optional(),
  brandContent: z.boolean().optional(),
  /** TikTok's "AI-generated content" label (post_info.is_aigc): off unless turned on. */
  isAigc: z.boolean().optional(),
});
export type TikTokOptions = z.infer<typeof TikTokOptions>;

export const TIKTOK_PRIVACY_LABELS: Readonly<Record<(typeof TIKTOK_PRIVACY_LEVELS)[number], string>> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

/** TikTok's own words for the disclosure rules (Content Sharing Guidelines, point 3). */
export const TIKTOK_DISCLOSURE_TEXT = {
  unspecified: 'You need to indicate if your content promotes yourself, a third party, or both.',
  brandedPrivate: 'Branded content visibility cannot be set to private.',
  unauditedApp:
    "This app has not passed TikTok's Direct Post audit yet: TikTok keeps every post it sends private (Only me) until it does.",
} as const;

/** What the post sends once the disclosure is read: each toggle counts only with the disclosure turned on. */
export function tiktokBrandToggles(
  options: Pick<TikTokOptions, 'commercialContent' | 'brandOrganic' | 'brandContent'>,
) {
  const on = options.commercialContent === true;
  return { brandOrganic: on && options.brandOrganic === true, brandContent: on && options.brandContent === true };
}

function disclosureBreaches(options: TikTokOptions): Breach[] {
  const { brandOrganic, brandContent } = tiktokBrandToggles(options);
  const breaches: Breach[] = [];
  if (options.commercialContent === true && !brandOrganic && !brandContent)
    breaches.push({
      field: 'options.commercialContent',
      rule: 'options.disclosure_unspecified',
      message: `TikTok: ${TIKTOK_DISCLOSURE_TEXT.unspecified}`,
    });
  if (brandContent && options.privacyLevel === 'SELF_ONLY')
    breaches.push({
      field: 'options.privacyLevel',
      rule: 'options.branded_content_private',
      message: `TikTok: ${TIKTOK_DISCLOSURE_TEXT.brandedPrivate} Choose who else can watch, or turn off "Branded content".`,
    });
  return breaches;
}

function privacyBreaches(options: TikTokOptions, account: AccountFacts): Breach[] {
  // Unaudited Direct Post clients may only post SELF_ONLY (Content Sharing Guidelines, "Direct Post API").
  if (account.tiktokUnaudited === true && options.privacyLevel !== 'SELF_ONLY')
    return [
      {
        field: 'options.privacyLevel',
        rule: 'options.privacy_unaudited_app',
        message: `TikTok: ${TIKTOK_DISCLOSURE_TEXT.unauditedApp} Choose "Only me".`,
      },
    ];
  const offered = account.privacyLevelOptions;
  if (!offered || offered.includes(options.privacyLevel)) return [];
  const names = offered.map((level) => TIKTOK_PRIVACY_LABELS[level as TikTokOptions['privacyLevel']] ?? level);
  return [
    {
      field: 'options.privacyLevel',
      rule: 'options.privacy_level_unavailable',
      message: `TikTok does not offer "${TIKTOK_PRIVACY_LABELS[options.privacyLevel]}" to this account; it offers: ${names.join(', ')}.`,
    },
  ];
}

export const TIKTOK_RULES: PlatformRules<TikTokOptions> = {
  limits: TIKTOK_LIMITS,
  options: TikTokOptions,
  optionNeeds: {
    privacyLevel: 'a privacy level chosen for each post (Everyone, Friends, Followers or Only me)',
    allowComments: 'allowComments to be true or false',
    allowDuet: 'allowDuet to be true or false',
    allowStitch: 'allowStitch to be true or false',
    commercialContent: 'commercialContent (the content disclosure) to be true or false',
    brandOrganic: 'brandOrganic ("Your brand") to be true or false',
    brandContent: 'brandContent ("Branded content") to be true or false',
    isAigc: 'isAigc (the "AI-generated content" label) to be true or false',
  },
  crossChecks: ({ options, account }) => [...privacyBreaches(options, account), ...disclosureBreaches(options)],
};
