import type { ActivityList } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, target, type Owner } from '../posts/posts-test-support';

describe('the trail says "published now" for a post sent at once, "scheduled … for" for one at a time', () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerWith(server, ['x', 'youtube']);
  });
  afterAll(() => stopTestServer(server));

  const scheduledMessages = async () => {
    const res = await owner.as.get<ActivityList>(`/api/activity?project_id=${owner.projectId}&type=post.scheduled`);
    expect(res.status).toBe(200);
    return res.body.events.map((e) => e.message);
  };

  it('"Publish now" (no time given) is sent to be published now; a time keeps its "scheduled … for"', async () => {
    const now = await addVideo(server, owner, { title: 'Tide pools' });
    expect((await owner.as.post(`/api/videos/${now}/posts`, { targets: [target('x')] })).status).toBe(201);
    const later = await addVideo(server, owner, { title: 'Night ferry' });
    const at = inMinutes(90);
    const res = await owner.as.post(`/api/videos/${later}/posts`, { targets: [target('youtube')], scheduledAt: at });
    expect(res.status).toBe(201);

    const messages = await scheduledMessages();
    expect(messages).toContain('“Tide pools” was sent to X to be published now.');
    expect(messages.some((m) => m.startsWith('“Tide pools” was scheduled'))).toBe(false);
    const when = new Date(res.body.posts[0].scheduledAt).toISOString().slice(0, 16).replace('T', ' ');
    expect(messages).toContain(`“Night ferry” was scheduled on YouTube for ${when} UTC.`);
  });

  it('bulk scheduling at a time just past sends the first video now and schedules the ones spaced after it', async () => {
    const first = await addVideo(server, owner, { title: 'Gull one' });
    const second = await addVideo(server, owner, { title: 'Gull two' });
    const res = await owner.as.post('/api/posts/bulk', {
      videoIds: [first, second],
      platforms: ['x'],
      // A moment ago is read as now (the grace for a clock a little behind).
      scheduledAt: new Date(Date.now() - 5_000).toISOString(),
      intervalMinutes: 30,
    });
    expect(res.status).toBe(201);
    const messages = await scheduledMessages();
    expect(messages).toContain('“Gull one” was sent to X to be published now.');
    expect(messages.find((m) => m.startsWith('“Gull two”'))).toMatch(/^“Gull two” was scheduled on X for /);
  });
});
