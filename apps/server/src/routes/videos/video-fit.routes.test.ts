import type { PlatformKey } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, ownerWithConnections } from '../../../test/connections';
import { createProject, insertVideoRow, type ApiClient } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('POST /api/videos/:id/fit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** A new user's project with these platforms connected through the sandbox emulator, and one real upload. */
  async function ownerWith(platforms: PlatformKey[]) {
    const { as, token, ids, userId, projectId } = await ownerWithConnections(server, platforms);
    // 6 s, 1280×720, 30 fps, H.264 + AAC, probed by ffprobe on upload.
    const uploaded = await uploadVideo(server, token, { file: mediaFixtures().bigVideo, projectId });
    expect(uploaded.status).toBe(201);
    return {
      as,
      token,
      ids,
      userId,
      projectId,
      videoId: uploaded.body.video.id as number,
    };
  }

  const fit = (as: ApiClient, videoId: number, body: object) => as.post(`/api/videos/${videoId}/fit`, body);

  it('plans a 9:16 copy for a Facebook Reel and nothing for a Page video or X, from the probed upload', async () => {
    const owner = await ownerWith(['facebook', 'x']);
    const reel = await fit(owner.as, owner.videoId, { connectionId: owner.ids.facebook, options: { kind: 'reel' } });
    expect(reel.status).toBe(200);
    expect(reel.body.fits).toBe(false);
    expect(reel.body.violations.map((v: { rule: string }) => v.rule)).toEqual(['video.height_min', 'video.aspect_max']);
    expect(reel.body.plan.steps.map((s: { kind: string }) => s.kind)).toEqual(['pad', 'transcode']);
    expect(reel.body.plan.output).toMatchObject({ width: 720, height: 1280, videoCodec: 'h264', audioCodec: 'aac' });
    expect(reel.body.plan.output.durationMs).toBeGreaterThan(5900);
    expect(reel.body.plan.remaining).toEqual([]);

    const page = await fit(owner.as, owner.videoId, { connectionId: owner.ids.facebook, options: { kind: 'video' } });
    expect(page.body).toMatchObject({ fits: true, violations: [], plan: { steps: [] } });
    const x = await fit(owner.as, owner.videoId, { connectionId: owner.ids.x });
    expect(x.body).toMatchObject({ fits: true, plan: { steps: [], output: { width: 1280, height: 720 } } });
  });

  it("asks TikTok for the account's limits and makes the clip vertical when asked, cropped where chosen", async () => {
    const owner = await ownerWith(['tiktok']);
    const asIs = await fit(owner.as, owner.videoId, { connectionId: owner.ids.tiktok });
    expect(asIs.status).toBe(200);
    expect(asIs.body).toMatchObject({ fits: true, plan: { steps: [] } });
    const cropped = await fit(owner.as, owner.videoId, {
      connectionId: owner.ids.tiktok,
      vertical: true,
      aspect: 'crop',
      cropX: 0,
    });
    expect(cropped.body.plan.steps[0]).toEqual({ kind: 'crop', width: 406, height: 720, x: 0, y: 0 });
  });

  it('plans a re-wrap for an MP4 uploaded with its index at the end, and none for the same film index first', async () => {
    const owner = await ownerWith(['x']);
    const upload = async (file: string) => {
      const res = await uploadVideo(server, owner.token, { file, projectId: owner.projectId });
      expect(res.status).toBe(201);
      return (await fit(owner.as, res.body.video.id, { connectionId: owner.ids.x })).body;
    };
    const atEnd = await upload(mediaFixtures().videoIndexAtEnd);
    expect(atEnd.fits).toBe(false);
    expect(atEnd.violations.map((v: { rule: string }) => v.rule)).toEqual(['video.faststart']);
    expect(atEnd.plan.steps).toEqual([{ kind: 'rewrap', container: 'mp4', faststart: true }]);
    expect(await upload(mediaFixtures().video)).toMatchObject({ fits: true, violations: [], plan: { steps: [] } });
  });

  it("answers another user's video, another project's connection and a stranger's connection 404", async () => {
    const owner = await ownerWith(['x']);
    const stranger = await ownerWith(['x']);
    const notFound = (what: string) => ({ status: 404, body: { error: `${what} not found`, code: 'not_found' } });
    expect(await fit(stranger.as, owner.videoId, { connectionId: stranger.ids.x })).toMatchObject(notFound('Video'));
    expect(await fit(owner.as, owner.videoId, { connectionId: stranger.ids.x })).toMatchObject(notFound('Connection'));
    const other = await createProject(server, owner.token);
    await connectAccount(server, owner.token, 'x', other.id);
    const otherIds = (await owner.as.get(`/api/connections?project_id=${other.id}`)).body.connections as {
      id: number;
    }[];
    expect(await fit(owner.as, owner.videoId, { connectionId: otherIds[0]!.id })).toMatchObject(notFound('Connection'));
  });

  it('answers 409 video_not_probed for a video never read, and 400 for settings out of range', async () => {
    const owner = await ownerWith(['x']);
    await insertVideoRow(server, { userId: owner.userId, projectId: owner.projectId });
    const unread = await server.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('project_id', '=', owner.projectId)
      .where('width', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await fit(owner.as, unread.id, { connectionId: owner.ids.x })).toMatchObject({
      status: 409,
      body: { code: 'video_not_probed' },
    });
    for (const bad of [{ cropX: 2 }, { aspect: 'stretch' }, { trim: { startMs: 5000, endMs: 1000 } }, { other: 1 }])
      expect(await fit(owner.as, owner.videoId, { connectionId: owner.ids.x, ...bad })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed' },
      });
  });

  it('refuses a kind of post the platform does not have instead of planning for its default kind', async () => {
    const owner = await ownerWith(['facebook']);
    const story = await fit(owner.as, owner.videoId, { connectionId: owner.ids.facebook, options: { kind: 'story' } });
    expect(story).toMatchObject({ status: 400, body: { code: 'invalid_options' } });
    expect(story.body.error).toContain('Facebook needs the kind of post to be "reel" or "video"; got "story".');
    const unknown = await fit(owner.as, owner.videoId, { connectionId: owner.ids.facebook, options: { loop: true } });
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'invalid_options', error: 'Facebook has no option "loop".' },
    });
  });
});
