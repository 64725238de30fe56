import fs from 'node:fs';
import path from 'node:path';
import type { ActivityEvent, ActivityList } from '@fanout/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { openEvents } from '../../../test/event-stream';
import { api, createProject, registerUser } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { insertActivityEvents } from '../../repositories/activity-events.repository';
import { insertSecurityEvent } from '../../repositories/security-events.repository';
import { recordActivity } from '../../services/activity/record-activity';
import { refreshConnection, refreshDueConnections } from '../../services/connections/connection-refresh.service';
import {
  postToX,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

describe('GET /api/activity: the project trail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));
  afterEach(() => control.clearFaults(sandboxEmulator(server)));

  const trail = async (who: Pick<Publisher, 'as' | 'projectId'>, query = '') => {
    const res = await who.as.get<ActivityList>(`/api/activity?project_id=${who.projectId}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const userOf = async (who: Publisher) => ((await who.as.get('/api/auth/me')).body.user as { id: number }).id;

  it('records uploads, details saved, posts scheduled, published, failed and cancelled, and connections', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who, 'Harbour at dawn');
    const saved = await who.as.patch(`/api/videos/${videoId}`, { title: 'Harbour at dusk', tags: ['sea'] });
    expect(saved.status).toBe(200);
    const later = await postToX(who, videoId, uniqueCaption('Later'), new Date(Date.now() + 3_600_000));
    expect((await who.as.delete(`/api/posts/${later.id}`)).status).toBe(200);
    expect((await settled(who, (await postToX(who, videoId, uniqueCaption('Now'))).id)).status).toBe('published');

    const gone = await uploadedVideo(server, who, 'Lost file');
    const row = (await findVideoOfUser(server.ctx.db, gone, await userOf(who)))!;
    fs.rmSync(path.join(server.ctx.config.mediaDir, row.filename));
    expect((await settled(who, (await postToX(who, gone, uniqueCaption('Lost'))).id)).status).toBe('failed');

    const { events } = await trail(who);
    const project = events.filter((e) => e.subject.kind !== 'account');
    expect(project.map((e) => e.type)).toEqual([
      'post.failed',
      'post.scheduled',
      'video.uploaded',
      'post.published',
      'post.scheduled',
      'post.cancelled',
      'post.scheduled',
      'video.details_saved',
      'video.uploaded',
      'connection.connected',
    ]);
    const byType = (type: string) => project.filter((e) => e.type === type);
    expect(byType('video.details_saved')[0]).toMatchObject({
      actor: 'you',
      subject: { kind: 'video', id: String(videoId), title: 'Harbour at dusk' },
      message: 'The details of “Harbour at dusk” were saved.',
      link: `/video/${videoId}`,
    });
    expect(byType('post.cancelled')[0]).toMatchObject({
      subject: { kind: 'post', id: String(later.id), title: 'Harbour at dusk on X' },
      message: 'The post of “Harbour at dusk” on X was cancelled.',
      link: `/video/${videoId}`,
    });
    expect(byType('post.published')[0]!.message).toBe('“Harbour at dusk” was published on X.');
    expect(byType('post.failed')[0]!.message).toMatch(
      /^“Lost file” could not be published on X: .*no longer in storage/,
    );
    expect(byType('connection.connected')[0]).toMatchObject({ subject: { kind: 'connection' }, link: '/accounts' });

    // The account's own events are merged in, marked as account-wide.
    expect(events.at(-1)).toMatchObject({
      type: 'security.account_created',
      actor: 'you',
      subject: { kind: 'account', title: 'Your account' },
      message: 'Account created',
      link: '/security',
    });
  });

  it('records a connection that is lost, with the platform’s reason', async () => {
    const who = await publisher(server);
    const row = await server.ctx.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('project_id', '=', who.projectId)
      .executeTakeFirstOrThrow();
    await control.fault(sandboxEmulator(server), { platform: 'x', kind: 'reject', step: 'token', message: 'Revoked' });
    expect(await refreshConnection(server.ctx, row.id)).toBe('needs_reconnect');
    const { events } = await trail(who, '&type=connection.lost');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: 'X', subject: { kind: 'connection', id: String(row.id) } });
    expect(events[0]!.message).toMatch(/needs to be connected again: .*Revoked/);
  });

  it('says once per grant that a connection is expiring, when the refresh job runs', async () => {
    const who = await publisher(server);
    const row = await server.ctx.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('project_id', '=', who.projectId)
      .executeTakeFirstOrThrow();
    const expiring = async () => (await trail(who, '&type=connection.expiring')).events;
    await refreshDueConnections(server.ctx);
    expect(await expiring()).toEqual([]);

    await server.ctx.db
      .updateTable('platform_connections')
      .set({ refresh_expires_at: new Date(Date.now() + 2 * 24 * 3600_000) })
      .where('id', '=', row.id)
      .execute();
    await refreshDueConnections(server.ctx);
    await refreshDueConnections(server.ctx);
    const events = await expiring();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: 'X',
      subject: { kind: 'connection', id: String(row.id) },
      link: '/accounts',
    });
    expect(events[0]!.message).toMatch(/will need to be connected again soon/);
  });

  it('merges the account’s events into one order, in pages that neither repeat nor skip, and filters by type', async () => {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token);
    const who = { as: api(server, token), projectId: project.id };
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second));
    // Project events and security events interleaved, two of them at the very same instant.
    for (const second of [1, 3, 5, 5, 7]) {
      await recordActivity(server.ctx.db, {
        userId: user.id,
        projectId: project.id,
        type: 'video.uploaded',
        actor: { personId: user.id },
        subject: { kind: 'video', id: second, title: `Clip ${second}` },
        message: `Clip ${second} was uploaded.`,
        link: `/video/${second}`,
        at: at(second),
      });
    }
    for (const second of [2, 5, 6]) {
      await insertSecurityEvent(server.ctx.db, {
        userId: user.id,
        type: 'sign_in',
        detail: { method: 'password' },
        ip: '127.0.0.1',
        userAgent: null,
      });
      await server.ctx.db
        .updateTable('security_events')
        .set({ created_at: at(second) })
        .where('user_id', '=', user.id)
        .where('type', '=', 'sign_in')
        .where('created_at', '>', at(59))
        .execute();
    }
    await server.ctx.db
      .updateTable('security_events')
      .set({ created_at: at(0) })
      .where('user_id', '=', user.id)
      .where('type', '=', 'account_created')
      .execute();

    const all = (await trail(who)).events;
    const label = (e: ActivityEvent) =>
      `${e.at.slice(17, 19)} ${e.subject.kind === 'account' ? e.type : e.subject.title}`;
    expect(all.map(label)).toEqual([
      '07 Clip 7',
      '06 security.sign_in',
      '05 Clip 5',
      '05 Clip 5',
      '05 security.sign_in',
      '03 Clip 3',
      '02 security.sign_in',
      '01 Clip 1',
      '00 security.account_created',
    ]);
    for (const limit of [1, 2, 4]) {
      const ids: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: ActivityList = await trail(
          who,
          `&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.events.length).toBeLessThanOrEqual(limit);
        ids.push(...page.events.map((e) => e.id));
        cursor = page.nextCursor;
      }
      expect(ids).toEqual(all.map((e) => e.id));
    }

    expect((await trail(who, '&type=video.uploaded')).events.map(label)).toEqual([
      '07 Clip 7',
      '05 Clip 5',
      '05 Clip 5',
      '03 Clip 3',
      '01 Clip 1',
    ]);
    const signIns = await trail(who, '&type=security.sign_in&limit=2');
    expect(signIns.events.map(label)).toEqual(['06 security.sign_in', '05 security.sign_in']);
    const rest = await trail(who, `&type=security.sign_in&cursor=${encodeURIComponent(signIns.nextCursor!)}`);
    expect(rest).toMatchObject({
      events: [{ type: 'security.sign_in', detail: 'Unknown device · 127.0.0.1' }],
      nextCursor: null,
    });
    expect((await trail(who, '&type=rule.ran')).events).toEqual([]);
  });

  it('refuses bad input, and keeps each project to its owner', async () => {
    const owner = await registerUser(server);
    const project = await createProject(server, owner.token);
    const as = api(server, owner.token);
    await recordActivity(server.ctx.db, {
      userId: owner.user.id,
      projectId: project.id,
      type: 'rule.ran',
      actor: 'Fanout',
      subject: { kind: 'rule', id: 1, title: 'Tag it' },
      message: 'The rule “Tag it” ran.',
      link: '/project-settings',
    });
    const page = (await as.get<ActivityList>(`/api/activity?project_id=${project.id}&limit=1`)).body;
    expect(page.nextCursor).toEqual(expect.any(String));
    for (const query of [
      '',
      'project_id=abc',
      `project_id=${project.id}&type=video.deleted`,
      `project_id=${project.id}&type=security.nothing`,
      `project_id=${project.id}&limit=0`,
      `project_id=${project.id}&limit=101`,
      `project_id=${project.id}&cursor=forged`,
      `project_id=${project.id}&cursor=${encodeURIComponent(page.nextCursor!.replace(/^./, 'x'))}`,
    ]) {
      const res = await as.get(`/api/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await api(server).get(`/api/activity?project_id=${project.id}`)).status).toBe(401);

    const stranger = await registerUser(server);
    const theirs = await createProject(server, stranger.token);
    const res = await as.get(`/api/activity?project_id=${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    // The stranger's trail holds only their own account's events.
    const own = (await api(server, stranger.token).get<ActivityList>(`/api/activity?project_id=${theirs.id}`)).body;
    expect(own.events.map((e) => e.type)).toEqual(['security.account_created']);
  });

  it('sends new events on the live stream as they commit', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who, 'Live one');
    const stream = await openEvents(server, who.token);
    try {
      expect((await who.as.patch(`/api/videos/${videoId}`, { description: 'Now with words' })).status).toBe(200);
      await waitUntil(() => stream.events.some((e) => e.event === 'activity'), 'the activity event');
      const sent = stream.events.filter((e) => e.event === 'activity');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.data).toMatchObject({
        projectId: who.projectId,
        event: { type: 'video.details_saved', subject: { kind: 'video', id: String(videoId), title: 'Live one' } },
      });
      const newest = (await trail(who, '&limit=1')).events[0];
      expect(sent[0]!.data.event).toEqual(newest);

      // A burst larger than one read of the feed (a CSV import) arrives whole, each event once.
      const userId = await userOf(who);
      await insertActivityEvents(
        server.ctx.db,
        Array.from({ length: 1_200 }, (_, i) => ({
          userId,
          projectId: who.projectId,
          type: 'post.scheduled',
          actor: 'you',
          subject: { kind: 'post', id: i + 1, title: `Post ${i + 1}` },
          message: `Post ${i + 1} was scheduled.`,
          link: `/video/${videoId}`,
        })),
      );
      const burst = () => stream.events.filter((e) => e.event === 'activity' && e.data.event.type === 'post.scheduled');
      await waitUntil(() => burst().length >= 1_200, 'the whole burst');
      expect(new Set(burst().map((e) => e.data.event.id)).size).toBe(1_200);
    } finally {
      await stream.close();
    }
  });
});
