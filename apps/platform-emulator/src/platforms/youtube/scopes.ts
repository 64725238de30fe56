/**
 * The OAuth scopes Google knows for YouTube (the youtube and youtubeAnalytics discovery documents, plus the
 * sign-in scopes) and the scopes each emulated method accepts (its discovery `scopes`: any one suffices).
 */
const G = 'https://www.googleapis.com/auth/';

export const KNOWN_SCOPES: readonly string[] = [
  `${G}youtube`,
  `${G}youtube.channel-memberships.creator`,
  `${G}youtube.force-ssl`,
  `${G}youtube.readonly`,
  `${G}youtube.upload`,
  `${G}youtubepartner`,
  `${G}youtubepartner-channel-audit`,
  `${G}yt-analytics.readonly`,
  `${G}yt-analytics-monetary.readonly`,
  `${G}userinfo.email`,
  `${G}userinfo.profile`,
  'openid',
  'email',
  'profile',
];

export const METHOD_SCOPES = {
  'youtube.videos.insert': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtube.upload`, `${G}youtubepartner`],
  /** thumbnails.set (discovery document: youtube.thumbnails.set scopes). */
  'youtube.thumbnails.set': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtube.upload`, `${G}youtubepartner`],
  'youtube.videos.list': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtube.readonly`, `${G}youtubepartner`],
  'youtube.channels.list': [
    `${G}youtube`,
    `${G}youtube.force-ssl`,
    `${G}youtube.readonly`,
    `${G}youtubepartner`,
    `${G}youtubepartner-channel-audit`,
  ],
  /** playlists.list and playlistItems.list take youtube.readonly too; playlistItems.insert does not. */
  'youtube.playlists.list': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtube.readonly`, `${G}youtubepartner`],
  'youtube.playlistItems.list': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtube.readonly`, `${G}youtubepartner`],
  'youtube.playlistItems.insert': [`${G}youtube`, `${G}youtube.force-ssl`, `${G}youtubepartner`],
  /** captions.insert (discovery document: youtube.captions.insert scopes). */
  'youtube.captions.insert': [`${G}youtube.force-ssl`, `${G}youtubepartner`],
  // commentThreads.insert names this one scope only.
  'youtube.commentThreads.insert': [`${G}youtube.force-ssl`],
  // commentThreads.list, likewise.
  'youtube.commentThreads.list': [`${G}youtube.force-ssl`],
} as const;

export type YoutubeMethod = keyof typeof METHOD_SCOPES;
