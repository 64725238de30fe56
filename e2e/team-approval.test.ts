import type { Post } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { call } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

interface PublishedItem {
  platform: string;
  caption?: string;
}

/**
 * Teams, the whole of it (docs/teams.md): the owner invites an editor and a client; the editor schedules a post in
 * a project that needs approval; its time passes and it is not published (approval_overdue); the client approves
 * it through a preview link made with allowApproval, in a browser with no session; it is published once, at once.
 */
describe('a team publishes with approval', () => {
  it('holds an editor’s post past its time until the client approves it through a preview link, then publishes it once', async () => {
    const owner = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
      call<T>(e2e.apiBase, path, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
    const page = await e2e.open({ session: owner });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');

    // The owner invites an editor and a client; each joins through their link with an account of their own.
    const join = async (prefix: string, role: 'editor' | 'client') => {
      const person = await e2e.signUp(prefix);
      const { invitation } = await as<{ invitation: { url: string } }>(
        owner.token,
        `/projects/${owner.project.id}/invitations`,
        'POST',
        { email: person.email, role },
      );
      const token = new URL(invitation.url).pathname.split('/').pop()!;
      await as(person.token, `/invitations/${token}/accept`, 'POST', {});
      return person;
    };
    const editor = await join('eddie', 'editor');
    await join('cleo', 'client');
    const members = await as<{ members: { role: string }[] }>(owner.token, `/projects/${owner.project.id}/members`);
    expect(members.members.map((m) => m.role)).toEqual(['owner', 'editor', 'client']);
    await as(owner.token, `/projects/${owner.project.id}`, 'PATCH', { needsApproval: true });

    // The editor schedules a post a few seconds ahead: it waits for approval, and its time passes.
    const caption = `Harbour at dawn, for the client ${Date.now().toString(36)}`;
    const { posts } = await as<{ posts: Post[] }>(editor.token, `/videos/${owner.videos[0]!.id}/posts`, 'POST', {
      targets: [{ platform: 'x', caption }],
      scheduledAt: new Date(Date.now() + 3_000).toISOString(),
    });
    const postId = posts[0]!.id;
    expect(posts[0]!.status).toBe('awaiting_approval');
    const post = async () => (await as<{ post: Post }>(owner.token, `/posts/${postId}`)).post;
    await expect.poll(async () => (await post()).error?.code, { timeout: 60_000 }).toBe('approval_overdue');
    expect((await post()).status).toBe('awaiting_approval');
    const onX = async () => {
      const res = await fetch(`${e2e.emulatorUrl}/_control/published`);
      const { items } = (await res.json()) as { items: PublishedItem[] };
      return items.filter((i) => i.platform === 'x' && i.caption === caption);
    };
    expect(await onX(), 'nothing reaches X while it waits').toEqual([]);

    // The owner makes a preview link that allows approval; the client opens it with no session and approves.
    const { link } = await as<{ link: { url: string } }>(
      owner.token,
      `/projects/${owner.project.id}/preview-links`,
      'POST',
      { postIds: [postId], allowApproval: true },
    );
    const visitor = await e2e.open();
    await visitor.goto(new URL(link.url).pathname);
    await visitor.getByLabel('Your name').fill('Cleo Client');
    const card = visitor.getByRole('article');
    await visible(card.getByText(caption));
    expect(await seriousAxeViolations(visitor), 'the preview page with approval').toEqual([]);
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(card.getByRole('status').getByText('You approved this post.'));

    // Published at once, and once.
    await expect.poll(async () => (await post()).status, { timeout: 60_000 }).toBe('published');
    expect(await onX()).toHaveLength(1);
    const trail = await as<{ events: { type: string; actor: string }[] }>(
      owner.token,
      `/activity?project_id=${owner.project.id}`,
    );
    expect(trail.events.map((e) => [e.type, e.actor])).toContainEqual(['post.approved', 'Cleo Client (preview link)']);
  }, 180_000);
});
