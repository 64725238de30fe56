import type { Post } from '@fanout/contracts';
import { expect } from 'vitest';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import type { TestServer } from '../../../test/test-server';
import { getPost, uploadedVideo, type Publisher } from './publishing-test-support';

/** The comments the emulator holds under a post. */
export async function commentsUnder(emulator: { url: string }, post: Post) {
  const { items } = await control.comments(emulator);
  return items.filter((c) => c.platform === post.platform && c.postId === post.platformPostId);
}

/** A post of a fresh upload to `platform`, now, with a first comment. */
export async function postWithComment(
  server: TestServer,
  who: Publisher,
  platform: Post['platform'],
  caption: string,
  firstComment: string,
) {
  const res = await who.as.post(`/api/videos/${await uploadedVideo(server, who)}/posts`, {
    targets: [
      { platform, caption, firstComment, ...(platform === 'reddit' ? { options: { subreddit: 'videos' } } : {}) },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.posts[0] as Post;
}

/** The post once its first comment is posted or failed. */
export async function commentSettled(who: Publisher, id: number): Promise<Post> {
  let post: Post | undefined;
  await waitUntil(
    async () => ['posted', 'failed'].includes((post = await getPost(who, id)).firstComment?.status ?? ''),
    `the first comment of post ${id}`,
  );
  return post!;
}
