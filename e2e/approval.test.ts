import type { Post } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { call } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { visible } from './support/ui';

const e2e = useE2e();

describe('approval before publishing', () => {
  it("holds an editor's post until the owner approves it in My Posts, after turning approval on", async () => {
    const owner = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const editor = await e2e.signUp('eddie');
    const as = <T>(token: string, path: string, method = 'GET', body?: unknown) =>
      call<T>(e2e.apiBase, path, { method, token, body: body ? JSON.stringify(body) : undefined });
    const page = await e2e.open({ session: owner });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await as(owner.token, `/projects/${owner.project.id}/members`, 'POST', { email: editor.email, role: 'editor' });

    // The owner turns approval on in Project Settings.
    await page.goto('/project-settings');
    const team = page.getByRole('region', { name: 'Team' });
    await team.getByRole('checkbox', { name: 'Posts need approval' }).check();
    await expect.poll(() => team.getByRole('checkbox', { name: 'Posts need approval' }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The editor schedules a post for an hour from now: it waits for approval.
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const { posts } = await as<{ posts: Post[] }>(editor.token, `/videos/${owner.videos[0]!.id}/posts`, 'POST', {
      targets: [{ platform: 'x', caption: 'Harbour at dawn, first light' }],
      scheduledAt: at,
    });
    expect(posts[0]!.status).toBe('awaiting_approval');

    await page.goto('/posts');
    const table = page.getByRole('table', { name: 'Posts' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Harbour at dawn' }) });
    await visible(row.getByText('Awaiting approval', { exact: true }));
    const bar = page.getByRole('region', { name: 'Posts awaiting approval' });
    await visible(bar.getByText('1 post awaits your approval.'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'my-posts-awaiting-approval');

    await row.getByRole('button', { name: 'Request changes' }).click();
    await row.getByLabel('What should change?').fill('A shorter caption, please');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: 'Send request' }).click();
    await visible(row.getByText(/asked for changes: A shorter caption, please/));

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(row.getByText('Scheduled', { exact: true }));
    expect(await bar.count()).toBe(0);
    const { post } = await as<{ post: Post }>(owner.token, `/posts/${posts[0]!.id}`);
    expect(post).toMatchObject({ status: 'scheduled', scheduledAt: at });
  }, 120_000);
});
