import {
  takesFirstComment,
  TIKTOK_PRIVACY_LABELS,
  TIKTOK_PRIVACY_LEVELS,
  X_REPLY_SETTINGS,
  YOUTUBE_PRIVACY,
  YOUTUBE_UNVERIFIED_PROJECT_TEXT,
  type PlatformKey,
  type PublishOptions,
} from '@fanout/contracts';

export interface Choice {
  value: string;
  label: string;
  /** Shown but not choosable now (TikTok's "Only me" for branded content). */
  disabled?: boolean;
}

/** The account's list of the values it may choose (GET /api/connections/:id/publish-options). */
type AccountList = 'privacyLevelOptions';
/** The account's own switch that turns an interaction off for all its posts. */
type AccountSwitch = keyof Pick<PublishOptions, 'commentDisabled' | 'duetDisabled' | 'stitchDisabled'>;

/**
 * One form control per platform option, named so that each is unique in the whole form. `accountChoices`:
 * only the values the connected account offers are choices; `accountOff`: the account may have turned the
 * option off. `disabled` is set for one account at a time (account-controls.ts), never in the table.
 */
export type OptionControl =
  | {
      kind: 'select';
      name: string;
      label: string;
      choices: readonly Choice[];
      placeholder?: string;
      hint?: string;
      accountChoices?: AccountList;
      /** A stage of this server's live app that, when false, makes the platform override the choice: say so. */
      appStage?: { flag: 'youtubeApiVerified'; hint: string };
      /** The choices are the link flairs of the community named in the subreddit field (community-controls.ts). */
      communityFlairs?: boolean;
      disabled?: boolean;
    }
  | {
      kind: 'check';
      name: string;
      label: string;
      accountOff?: AccountSwitch;
      hint?: string;
      disabled?: boolean;
      /** Shown only while this other option of the post is on (TikTok's disclosure choices). */
      shownWith?: string;
      /** What the platform does when the option is left out (Reddit's reply notifications are on). */
      defaultOn?: boolean;
    }
  | {
      kind: 'text';
      name: string;
      label: string;
      prefix?: string;
      hint?: string;
      required?: boolean;
      /** A list typed with commas between its items (Instagram's collaborators), each without `itemPrefix`. */
      list?: { itemPrefix: string };
      /** The account's list of values to offer while typing (any other may still be typed). */
      accountSuggestions?: 'subreddits';
      suggestions?: readonly string[];
    };

const YOUTUBE_PRIVACY_LABELS: Record<(typeof YOUTUBE_PRIVACY)[number], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

/** YouTube's video categories that every region offers (videoCategories.list, assignable ones). */
const YOUTUBE_CATEGORIES: readonly Choice[] = [
  { value: '1', label: 'Film & Animation' },
  { value: '2', label: 'Autos & Vehicles' },
  { value: '10', label: 'Music' },
  { value: '15', label: 'Pets & Animals' },
  { value: '17', label: 'Sports' },
  { value: '19', label: 'Travel & Events' },
  { value: '20', label: 'Gaming' },
  { value: '22', label: 'People & Blogs' },
  { value: '23', label: 'Comedy' },
  { value: '24', label: 'Entertainment' },
  { value: '25', label: 'News & Politics' },
  { value: '26', label: 'Howto & Style' },
  { value: '27', label: 'Education' },
  { value: '28', label: 'Science & Technology' },
  { value: '29', label: 'Nonprofits & Activism' },
];

const X_REPLY_LABELS: Record<(typeof X_REPLY_SETTINGS)[number], string> = {
  following: 'People you follow',
  mentionedUsers: 'People you mention',
  subscribers: 'Your subscribers',
  verified: 'Verified accounts',
};

export const OPTION_CONTROLS: Readonly<Record<PlatformKey, readonly OptionControl[]>> = {
  tiktok: [
    {
      kind: 'select',
      name: 'privacyLevel',
      label: 'TikTok privacy',
      placeholder: 'Choose who can watch',
      choices: TIKTOK_PRIVACY_LEVELS.map((level) => ({ value: level, label: TIKTOK_PRIVACY_LABELS[level] })),
      hint: 'TikTok asks you to choose for every post.',
      accountChoices: 'privacyLevelOptions',
    },
    { kind: 'check', name: 'allowComments', label: 'Allow comments', accountOff: 'commentDisabled' },
    { kind: 'check', name: 'allowDuet', label: 'Allow Duet', accountOff: 'duetDisabled' },
    { kind: 'check', name: 'allowStitch', label: 'Allow Stitch', accountOff: 'stitchDisabled' },
    // TikTok's commercial-content disclosure (Content Sharing Guidelines, "Required UX Implementation" 3).
    {
      kind: 'check',
      name: 'commercialContent',
      label: 'Disclose video content',
      hint: 'Turn on to disclose that this video promotes goods or services in exchange for something of value: yourself, a third party, or both.',
    },
    {
      kind: 'check',
      name: 'brandOrganic',
      label: 'Your brand',
      hint: 'You are promoting yourself or your own business.',
      shownWith: 'commercialContent',
    },
    {
      kind: 'check',
      name: 'brandContent',
      label: 'Branded content',
      hint: 'You are promoting another brand or a third party.',
      shownWith: 'commercialContent',
    },
    {
      kind: 'check',
      name: 'isAigc',
      label: 'AI-generated content',
      hint: 'TikTok labels the video as made or significantly edited with AI.',
    },
  ],
  youtube: [
    {
      kind: 'select',
      name: 'privacy',
      label: 'YouTube privacy',
      choices: YOUTUBE_PRIVACY.map((value) => ({ value, label: YOUTUBE_PRIVACY_LABELS[value] })),
      appStage: { flag: 'youtubeApiVerified', hint: YOUTUBE_UNVERIFIED_PROJECT_TEXT },
    },
    {
      kind: 'select',
      name: 'categoryId',
      label: 'YouTube category',
      placeholder: 'No category',
      choices: YOUTUBE_CATEGORIES,
    },
    { kind: 'check', name: 'madeForKids', label: 'Made for kids' },
    {
      kind: 'check',
      name: 'containsSyntheticMedia',
      label: 'Altered or synthetic content',
      hint: 'YouTube asks you to say when realistic content is altered or made with AI in a way viewers could mistake for real.',
    },
    { kind: 'check', name: 'notifySubscribers', label: 'Notify subscribers', defaultOn: true },
    {
      kind: 'select',
      name: 'license',
      label: 'YouTube license',
      placeholder: 'Standard YouTube License',
      choices: [{ value: 'creativeCommon', label: 'Creative Commons - Attribution' }],
    },
    { kind: 'check', name: 'embeddable', label: 'Allow embedding', defaultOn: true },
    {
      kind: 'check',
      name: 'publicStatsViewable',
      label: 'Make video statistics on the watch page publicly visible',
      defaultOn: true,
    },
  ],
  instagram: [
    { kind: 'check', name: 'shareToFeed', label: 'Also share to the Instagram feed' },
    {
      kind: 'text',
      name: 'collaborators',
      label: 'Invite collaborators',
      hint: 'Up to 3 Instagram usernames, separated by commas. Each must accept the invitation on Instagram.',
      list: { itemPrefix: '@' },
    },
  ],
  facebook: [
    {
      kind: 'select',
      name: 'kind',
      label: 'Facebook post type',
      choices: [
        { value: 'video', label: 'Page video' },
        { value: 'reel', label: 'Reel' },
      ],
    },
    { kind: 'text', name: 'title', label: 'Facebook video title', hint: "Left empty: the video's own title." },
  ],
  x: [
    {
      kind: 'select',
      name: 'replySettings',
      label: 'Who can reply on X',
      placeholder: 'Everyone',
      choices: X_REPLY_SETTINGS.map((value) => ({ value, label: X_REPLY_LABELS[value] })),
    },
  ],
  reddit: [
    {
      kind: 'text',
      name: 'subreddit',
      label: 'Subreddit',
      prefix: 'r/',
      required: true,
      accountSuggestions: 'subreddits',
    },
    {
      kind: 'select',
      name: 'flairId',
      label: 'Reddit flair',
      placeholder: 'No flair',
      choices: [],
      communityFlairs: true,
    },
    { kind: 'check', name: 'nsfw', label: 'Mark as NSFW' },
    { kind: 'check', name: 'spoiler', label: 'Mark as spoiler' },
    { kind: 'check', name: 'sendReplies', label: 'Send me reply notifications', defaultOn: true },
  ],
};

/** The option fields that have a control of their own; a violation of any other field is shown for the platform. */
export function hasControl(platform: PlatformKey, field: string): boolean {
  if (field === 'firstComment') return takesFirstComment(platform);
  // YouTube's playlists are a checkbox list of their own (YouTubePlaylists.tsx), not an option control.
  if (field === 'options.playlistIds') return platform === 'youtube';
  return field === 'caption' || OPTION_CONTROLS[platform].some((control) => `options.${control.name}` === field);
}

/** Whether the platform's controls depend on what the connected account may choose, so it is asked first. */
export function asksAccount(platform: PlatformKey): boolean {
  return OPTION_CONTROLS[platform].some(
    (control) =>
      (control.kind === 'select' && control.accountChoices) ||
      (control.kind === 'check' && control.accountOff) ||
      (control.kind === 'text' && control.accountSuggestions),
  );
}
