import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../../test/event-stream';
import { api, registerUser } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { insertPost, personWithVideo } from '../../../test/notifications';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/**
 * Teams: the live events of a shared project reach its members (docs/teams.md), not only its owner, whose id
 * the project's rows carry; someone with no place in the project hears nothing of it.
 */
describe('live events of a shared project', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("sends a change of the project's posts to every member, and nothing to a stranger", async () => {
    const owner = await personWithVideo(server);
    const streams: Awaited<ReturnType<typeof openEvents>>[] = [];
    try {
      const people = [];
      for (const role of ['editor', 'client', 'stranger'] as const) {
        const person = await registerUser(server);
        if (role !== 'stranger') {
          const added = await api(server, owner.token).post(`/api/projects/${owner.project.id}/members`, {
            email: person.user.email,
            role,
          });
          expect(added.status).toBe(201);
        }
        people.push(person);
      }
      for (const person of people) streams.push(await openEvents(server, person.token));
      const [editor, client, stranger] = streams;
      const post = await insertPost(server, owner, { platform: 'youtube' });
      const heard = (stream: (typeof streams)[number]) =>
        stream.events.some((e) => e.event === 'post' && e.data.post.id === post.id);
      await waitUntil(() => heard(editor!) && heard(client!), "the post on the editor's and the client's streams");
      // Delivered in the same pass as the members' events: had the stranger's stream been sent it, it would be there.
      expect(stranger!.events.filter((e) => e.event === 'post')).toEqual([]);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });
});
