import type { PlatformKey, Post, PostStatus } from '@fanout/contracts';
import { sandboxEmulator, connectAccount } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import type { TestServer } from '../../../test/test-server';
import { findPostRow } from '../../../test/post-rows';

/**
 * A person with a project whose X account (or `platform`'s) is connected (X: a create step, a look-up,
 * rate-limit headers).
 */
export interface Publisher {
  token: string;
  projectId: number;
  connectionId: number;
  as: ApiClient;
}

export async function publisher(server: TestServer, platform: PlatformKey = 'x'): Promise<Publisher> {
  const { token } = await registerUser(server);
  const project = await createProject(server, token);
  await connectAccount(server, token, platform, project.id);
  const as = api(server, token);
  const connections = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as {
    id: number;
  }[];
  return { token, projectId: project.id, connectionId: connections[0]!.id, as };
}

/** A real uploaded video (2 s, a few KB), ready to post. */
export async function uploadedVideo(server: TestServer, who: Publisher, title = 'Harbour at dawn'): Promise<number> {
  const res = await uploadVideo(server, who.token, { file: mediaFixtures().video, projectId: who.projectId, title });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.video.id as number;
}

let captions = 0;
/** A caption no other post of the run has, to find the post among the emulator's published ones. */
export const uniqueCaption = (what: string) => `${what} ${process.pid}-${Date.now().toString(36)}-${captions++}`;

/** POST /api/videos/:id/posts for X: now, or at `at`. */
export const postToX = (who: Publisher, videoId: number, caption: string, at?: Date) =>
  postTo(who, 'x', videoId, caption, at);

/** POST /api/videos/:id/posts for one platform (with its `options`): now, or at `at`. */
export async function postTo(
  who: Publisher,
  platform: PlatformKey,
  videoId: number,
  caption: string,
  at?: Date,
  options?: Record<string, unknown>,
): Promise<Post> {
  const res = await who.as.post(`/api/videos/${videoId}/posts`, {
    targets: [{ platform, caption, ...(options ? { options } : {}) }],
    ...(at ? { scheduledAt: at.toISOString() } : {}),
  });
  if (res.status !== 201) throw new Error(`posting answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.posts[0] as Post;
}

export async function getPost(who: Publisher, postId: number): Promise<Post> {
  const res = await who.as.get(`/api/posts/${postId}`);
  if (res.status !== 200) throw new Error(`GET /api/posts/${postId} answered ${res.status}`);
  return res.body.post as Post;
}

const FINAL: PostStatus[] = ['published', 'failed', 'unconfirmed', 'cancelled'];

/** Waits until the post has ended (published, failed, unconfirmed, cancelled) and returns it. */
export async function settled(who: Publisher, postId: number, timeoutMs = 20_000): Promise<Post> {
  let post: Post | undefined;
  await waitUntil(
    async () => FINAL.includes((post = await getPost(who, postId)).status),
    `post ${postId} to end`,
    timeoutMs,
  );
  return post!;
}

/** What the emulator shows as published with this caption. */
export async function publishedWith(server: TestServer, caption: string) {
  const { items } = await control.published(sandboxEmulator(server));
  return items.filter((item) => item.caption === caption);
}

/** The post's row as the runner sees it. */
export async function postRow(server: TestServer, postId: number) {
  const row = await findPostRow(server, postId);
  if (!row) throw new Error(`post ${postId} is gone`);
  return row;
}

export { setPostRow } from '../../../test/post-rows';

/** The faults the emulator has not used up yet. */
export async function faultsLeft(emulator: { url: string }) {
  const res = await fetch(`${emulator.url}/_control/faults`);
  return ((await res.json()) as { items: { platform: string; kind: string; step?: string }[] }).items;
}
