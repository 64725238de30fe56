import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../../test/event-stream';
import { api } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { teamWithPost } from '../../../test/team-posts';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** Team notes on posts and videos (docs/teams.md, "Notes"): who may read and write them, mentions, authorship. */
describe('notes on posts and videos', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const bell = async (token: string) => (await api(server, token).get('/api/notifications')).body;

  it('lets every role write on a post, keeps the author (not the owner), and shows them in order as text', async () => {
    const t = await teamWithPost(server);
    const asClient = api(server, t.people.client.token);
    const html = '<img src=x onerror=alert(1)> looks good';
    const byClient = await asClient.post(`/api/posts/${t.postId}/notes`, { text: html });
    expect(byClient.status, JSON.stringify(byClient.body)).toBe(201);
    expect(byClient.body.note).toMatchObject({ authorId: t.people.client.user.id, text: html, mine: true });
    const byEditor = await api(server, t.people.editor.token).post(`/api/posts/${t.postId}/notes`, {
      text: '  Moving it to Friday  ',
    });
    expect(byEditor.body.note.text).toBe('Moving it to Friday');

    const listed = await t.asOwner.get(`/api/posts/${t.postId}/notes`);
    expect(listed.status).toBe(200);
    expect(
      listed.body.notes.map((n: { authorId: number; text: string; mine: boolean }) => [n.authorId, n.mine]),
    ).toEqual([
      [t.people.client.user.id, false],
      [t.people.editor.user.id, false],
    ]);
    expect(listed.body.notes[0].authorName).toBe(t.people.client.user.fullName);
  });

  it('keeps video notes from a client and every note from a stranger', async () => {
    const t = await teamWithPost(server);
    const reviewer = api(server, t.people.reviewer.token);
    expect((await reviewer.post(`/api/videos/${t.video.id}/notes`, { text: 'Colour is off at 0:12' })).status).toBe(
      201,
    );
    const asClient = api(server, t.people.client.token);
    const refused = await asClient.get(`/api/videos/${t.video.id}/notes`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('role_forbidden');
    expect((await asClient.post(`/api/videos/${t.video.id}/notes`, { text: 'hi' })).status).toBe(403);
    const stranger = api(server, t.stranger.token);
    for (const res of [
      await stranger.get(`/api/posts/${t.postId}/notes`),
      await stranger.post(`/api/posts/${t.postId}/notes`, { text: 'hello' }),
      await stranger.get(`/api/videos/${t.video.id}/notes`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await t.asOwner.get(`/api/videos/${t.video.id}/notes`)).body.notes).toHaveLength(1);
  });

  it('refuses blank, overlong and non-text notes with 400 and stores nothing', async () => {
    const t = await teamWithPost(server);
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(2001) }, { text: 12 }, {}, { text: 'a', html: '<b>' }]) {
      const res = await t.asOwner.post(`/api/posts/${t.postId}/notes`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toEqual(expect.any(String));
    }
    expect((await t.asOwner.post(`/api/posts/${t.postId}/notes`, { text: 'x'.repeat(2000) })).status).toBe(201);
    expect((await t.asOwner.get(`/api/posts/${t.postId}/notes`)).body.notes).toHaveLength(1);
  });

  it('notifies the members it mentions (once, never the author), and nobody outside the project', async () => {
    const t = await teamWithPost(server);
    const { editor, reviewer, client } = t.people;
    const text = `@${editor.user.username} and @${reviewer.user.fullName.replace(/\s+/g, '')} and @${t.stranger.user.username} and @${client.user.username}, cc @${editor.user.username} and me@${t.owner.user.username}`;
    const posted = await t.asOwner.post(`/api/videos/${t.video.id}/notes`, { text });
    expect(posted.status).toBe(201);
    expect(posted.body.note.mentions.map((m: { userId: number }) => m.userId).sort()).toEqual(
      [editor.user.id, reviewer.user.id, client.user.id].sort(),
    );

    const editorBell = await bell(editor.token);
    expect(editorBell.unread).toBe(1);
    expect(editorBell.notifications[0]).toMatchObject({
      kind: 'mention',
      videoId: t.video.id,
      link: `/video/${t.video.id}`,
      message: expect.stringContaining(`${t.owner.user.fullName} mentioned you`),
    });
    expect((await bell(reviewer.token)).unread).toBe(1);
    // Named, but cannot open the video: a client is not told of a note on the library.
    expect((await bell(client.token)).unread).toBe(0);
    expect((await bell(t.stranger.token)).unread).toBe(0);
    expect((await bell(t.owner.token)).unread).toBe(0);

    // On a post, the client can see it: told.
    await api(server, editor.token).post(`/api/posts/${t.postId}/notes`, { text: `@${client.user.username} ok?` });
    expect((await bell(client.token)).notifications[0]).toMatchObject({ kind: 'mention', postId: t.postId });
  });

  it('lets an author edit and delete their own note only; an edit tells only the newly named', async () => {
    const t = await teamWithPost(server);
    const asEditor = api(server, t.people.editor.token);
    const { reviewer } = t.people;
    const note = (await asEditor.post(`/api/posts/${t.postId}/notes`, { text: `@${reviewer.user.username} see` })).body
      .note;
    const asReviewer = api(server, reviewer.token);
    const notMine = await asReviewer.patch(`/api/notes/${note.id}`, { text: 'rewritten' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe('not_your_note');
    expect((await t.asOwner.delete(`/api/notes/${note.id}`)).status).toBe(403);
    expect((await api(server, t.stranger.token).patch(`/api/notes/${note.id}`, { text: 'x' })).status).toBe(404);

    const edited = await asEditor.patch(`/api/notes/${note.id}`, {
      text: `@${reviewer.user.username} see, and @${t.people.client.user.username}`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.note.editedAt).toEqual(expect.any(String));
    expect((await bell(reviewer.token)).unread).toBe(1);
    expect((await bell(t.people.client.token)).unread).toBe(1);

    expect((await asEditor.delete(`/api/notes/${note.id}`)).status).toBe(200);
    expect((await t.asOwner.get(`/api/posts/${t.postId}/notes`)).body.notes).toEqual([]);
    expect((await asEditor.delete(`/api/notes/${note.id}`)).status).toBe(404);
  });

  it('reaches a mentioned member live, on the stream their open app listens to', async () => {
    const t = await teamWithPost(server);
    const stream = await openEvents(server, t.people.reviewer.token);
    try {
      await t.asOwner.post(`/api/posts/${t.postId}/notes`, { text: `@${t.people.reviewer.user.username} please look` });
      await waitUntil(
        () => stream.events.some((e) => e.event === 'notification' && e.data.notification.kind === 'mention'),
        'the mention on the live stream',
      );
      const live = stream.events.find((e) => e.event === 'notification')!;
      expect(live.data).toMatchObject({ unread: 1, notification: { postId: t.postId, link: '/posts' } });
    } finally {
      await stream.close();
    }
  });
});
