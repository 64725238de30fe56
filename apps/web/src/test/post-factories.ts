import { PLATFORMS, type PlatformKey, type Post } from '@fanout/contracts';

let nextPostId = 900;

/** A post of video 1 to the platform's sandbox account in project 1, scheduled, unless told otherwise. */
export function buildPost(platform: PlatformKey = 'youtube', overrides: Partial<Post> = {}): Post {
  const label = PLATFORMS.find((p) => p.key === platform)!.label;
  return {
    id: nextPostId++,
    videoId: 1,
    projectId: 1,
    platform,
    connectionId: 500,
    status: 'scheduled',
    scheduledAt: '2030-07-01T07:00:00.000Z',
    startedAt: null,
    publishedAt: null,
    url: null,
    platformPostId: null,
    appliedPrivacy: null,
    progress: { step: null, bytesSent: 0, bytesTotal: 0 },
    error: null,
    attempts: 0,
    createdAt: '2030-06-01T10:00:00.000Z',
    caption: null,
    options: {},
    retryAt: null,
    videoTitle: 'Video 1',
    accountName: `Mia on ${label}`,
    firstComment: null,
    ...overrides,
  };
}
