import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, target } from './posts-test-support';

/** The last Sunday of a month (1-12), `YYYY-MM-DD`: when Europe's clocks change. */
function lastSunday(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0));
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

/** The next clock change of that month still ahead (so within a year, as a post may be scheduled). */
function nextChange(month: number): string {
  const year = new Date().getUTCFullYear();
  const thisYear = lastSunday(year, month);
  return Date.parse(`${thisYear}T00:00:00Z`) > Date.now() + 86_400_000 ? thisYear : lastSunday(year + 1, month);
}

describe("times entered on the user's clock (Europe/Berlin), across clock changes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('refuses the half hour the clocks skip in spring, and asks which one of the half hour they repeat in autumn', async () => {
    const owner = await ownerWith(server, ['tiktok', 'youtube'], { timeZone: 'Europe/Berlin' });
    const videoId = await addVideo(server, owner);
    const create = (platform: 'tiktok' | 'youtube', when: object) =>
      owner.as.post(`/api/videos/${videoId}/posts`, { targets: [target(platform)], ...when });

    const spring = nextChange(3);
    const skipped = await create('tiktok', { scheduledLocal: `${spring}T02:30` });
    expect(skipped.status).toBe(400);
    expect(skipped.body).toEqual({
      error: expect.stringContaining(`${spring} 02:30 does not exist in Europe/Berlin`),
      code: 'nonexistent_local_time',
    });

    const autumn = nextChange(10);
    const twice = await create('tiktok', { scheduledLocal: `${autumn}T02:30` });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('ambiguous_local_time');
    expect(twice.body.error).toContain(`${autumn}T02:30:00+02:00`);
    expect(twice.body.error).toContain(`${autumn}T02:30:00+01:00`);
    expect((await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts).toEqual([]);

    const earlier = await create('tiktok', { scheduledLocal: `${autumn}T02:30`, disambiguation: 'earlier' });
    expect(earlier.status).toBe(201);
    expect(earlier.body.posts[0].scheduledAt).toBe(`${autumn}T00:30:00.000Z`);
    const later = await create('youtube', { scheduledLocal: `${autumn}T02:30`, disambiguation: 'later' });
    expect(later.status).toBe(201);
    expect(later.body.posts[0].scheduledAt).toBe(`${autumn}T01:30:00.000Z`);
  });

  it("reads an ordinary wall-clock time in the user's zone, also when rescheduling", async () => {
    const owner = await ownerWith(server, ['tiktok'], { timeZone: 'Europe/Berlin' });
    const videoId = await addVideo(server, owner);
    const autumn = nextChange(10);
    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('tiktok')],
      scheduledAt: inMinutes(60),
    });
    const moved = await owner.as.patch(`/api/posts/${res.body.posts[0].id}`, { scheduledLocal: `${autumn}T09:15` });
    expect(moved.status).toBe(200);
    // Winter time (UTC+1) has begun by 09:15 that day.
    expect(moved.body.post.scheduledAt).toBe(`${autumn}T08:15:00.000Z`);
    const skipped = await owner.as.patch(`/api/posts/${res.body.posts[0].id}`, {
      scheduledLocal: `${nextChange(3)}T02:00`,
    });
    expect(skipped).toMatchObject({ status: 400, body: { code: 'nonexistent_local_time' } });
  });
});
