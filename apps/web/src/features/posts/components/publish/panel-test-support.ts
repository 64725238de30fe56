import { screen, within } from '@testing-library/react';
import {
  PLATFORM_KEYS,
  TIKTOK_PRIVACY_LEVELS,
  type PlatformKey,
  type Post,
  type PublishOptions,
} from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildConnection, buildVideo, signIn } from '@/test/factories';
import { stubFetch, type StubAnswer, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

export const video = buildVideo({
  id: 31,
  title: 'Street food tour',
  description: 'Night market in Taipei.',
  tags: ['food', 'travel'],
  durationSeconds: 42,
  width: 1280,
  height: 720,
});

/** Each platform's connection has a fixed id, so its publish options can be answered. */
export const connectionId = (platform: PlatformKey) => 60 + PLATFORM_KEYS.indexOf(platform);
export const publishOptionsUrl = (platform: PlatformKey) =>
  `GET /api/connections/${connectionId(platform)}/publish-options`;

/** What the sandbox TikTok account's creator_info offers. */
export const TIKTOK_OPTIONS: PublishOptions = {
  privacyLevelOptions: [...TIKTOK_PRIVACY_LEVELS],
  maxDurationSeconds: 600,
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
  creatorUsername: 'fanout.sandbox',
  creatorNickname: 'Fanout Sandbox',
};

/** The communities the sandbox Reddit account has joined. */
export const REDDIT_JOINED = ['test', 'videos', 'sandbox', 'fanout'];

/** The sandbox channel's own playlists. */
export const YOUTUBE_PLAYLISTS = [
  { id: 'PLtravel', title: 'Travel', privacy: 'public', itemCount: 4 },
  { id: 'PLshorts', title: 'Shorts', privacy: 'unlisted', itemCount: 12 },
];

export function routesWith(
  platforms: PlatformKey[],
  posts: Post[] = [],
  tiktok: StubAnswer = { body: { platform: 'tiktok', options: TIKTOK_OPTIONS } },
): StubRoutes {
  const routes = workspaceRoutes({ platforms });
  routes['GET /api/connections?project_id=1'] = {
    body: { connections: platforms.map((p) => buildConnection(p, { id: connectionId(p) })) },
  };
  routes[publishOptionsUrl('tiktok')] = tiktok;
  routes[publishOptionsUrl('reddit')] = { body: { platform: 'reddit', options: { subreddits: REDDIT_JOINED } } };
  routes[`GET /api/connections/${connectionId('youtube')}/playlists`] = {
    body: { playlists: YOUTUBE_PLAYLISTS, reconnectFor: null },
  };
  routes['GET /api/videos/31'] = { body: { video } };
  routes['GET /api/videos/31/posts'] = { body: { posts } };
  // The video page's Notes panel reads the team's notes beside the publish panel.
  routes['GET /api/videos/31/notes'] = { body: { notes: [] } };
  return routes;
}

/** The video page with its publish panel, its accounts connected to these platforms. */
export async function openPanel(platforms: PlatformKey[], posts: Post[] = [], extra: StubRoutes = {}) {
  signIn();
  const stub = stubFetch({ ...routesWith(platforms, posts), ...extra });
  renderApp('/video/31');
  const form = await screen.findByRole('form', { name: 'Publish Street food tour' });
  return { ...stub, form: within(form) };
}

/** The texts of a select's options, in order. */
export const choicesOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
