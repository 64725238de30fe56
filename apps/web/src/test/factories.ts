import {
  emptyPostCounts,
  PLATFORMS,
  type Connection,
  type PlatformKey,
  type Project,
  type User,
  type Video,
} from '@fanout/contracts';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'mia.creates',
    email: 'mia@example.com',
    fullName: 'Mia Becker',
    timeZone: 'Europe/Berlin',
    askBeforeLivePublish: true,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Travel Diaries',
    initials: 'TD',
    color1: '#3b82f6',
    color2: '#9333ea',
    video_count: 0,
    user_id: 7,
    timeZone: 'Europe/Berlin',
    createdAt: '2026-01-01T00:00:00Z',
    role: 'owner',
    ownerName: null,
    ...overrides,
  };
}

let nextVideoId = 100;
export function buildVideo(overrides: Partial<Video> = {}): Video {
  const id = overrides.id ?? nextVideoId++;
  return {
    id,
    projectId: 1,
    title: `Video ${id}`,
    description: '',
    tags: [],
    platforms: [],
    status: 'ready',
    progress: 100,
    duration: '0:42',
    durationSeconds: 42,
    size: '12.34 MB',
    sizeBytes: 12_939_428,
    uploadDate: '2026-03-05T10:00:00Z',
    views: 0,
    filename: `${id}.mp4`,
    thumbnail: null,
    width: 1920,
    height: 1080,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
    originalName: `${id}.mp4`,
    postCounts: emptyPostCounts(),
    platformPosts: [],
    ...overrides,
  };
}

export function signIn(user: User = buildUser(), token = 'test-token') {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('user', JSON.stringify(user));
}

let nextConnectionId = 500;
/** A healthy sandbox connection of the platform to project 1. */
export function buildConnection(platform: PlatformKey, overrides: Partial<Connection> = {}): Connection {
  const label = PLATFORMS.find((p) => p.key === platform)!.label;
  return {
    id: nextConnectionId++,
    projectId: 1,
    platform,
    accountId: `${platform}-account-1`,
    accountName: `Mia on ${label}`,
    avatarUrl: null,
    sandbox: true,
    status: 'connected',
    statusReason: null,
    scopes: [],
    missingFeatures: [],
    connectedAt: '2026-11-01T10:00:00Z',
    expiresAt: null,
    ...overrides,
  };
}
