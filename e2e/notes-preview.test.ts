import type { Post } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { call, updateVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

describe('client preview links and team notes', () => {
  it('the owner shares a link; a visitor with no session sees the post and leaves a note; the team reads it', async () => {
    const owner = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const video = owner.videos[0]!;
    const api = <T>(path: string, method = 'GET', body?: unknown) =>
      call<T>(e2e.apiBase, path, { method, token: owner.token, body: body ? JSON.stringify(body) : undefined });
    const page = await e2e.open({ session: owner });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await updateVideo(e2e.apiBase, owner.token, video.id, {
      platforms: ['x'],
      status: 'ready',
      tags: ['harbour'],
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const [post] = (
      await api<{ posts: Post[] }>(`/videos/${video.id}/posts`, 'POST', {
        targets: [{ platform: 'x' }],
        scheduledAt: tomorrow,
      })
    ).posts;

    // The owner makes a link for the coming week, notes allowed.
    await page.goto('/project-settings');
    const section = page.getByRole('region', { name: 'Client preview links' });
    await visible(section.getByText('No preview links yet.'));
    await section.getByRole('button', { name: 'Make link' }).click();
    const linkField = section.getByLabel('Preview link (shown only now: copy it)');
    await visible(linkField);
    const url = new URL(await linkField.inputValue());
    expect(url.pathname).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    await visible(section.getByRole('list', { name: 'Preview links' }).getByText('allows notes', { exact: false }));
    expect(await seriousAxeViolations(page), 'Project Settings with a preview link').toEqual([]);

    // A second browser context, with no session at all.
    const visitor = await e2e.open();
    await visitor.goto(url.pathname);
    const card = visitor.getByRole('article');
    await visible(card.getByRole('heading', { name: /^X \(Twitter\) · / }));
    await visible(card.getByText('#harbour', { exact: false }));
    expect(await card.locator('video').getAttribute('src')).toBe(
      `/api/preview/${url.pathname.split('/')[2]}/media/${post!.id}`,
    );
    expect(await visitor.getByRole('link', { name: 'My Posts' }).count(), 'no app chrome').toBe(0);
    await visitor.getByLabel('Your name').fill('Cleo Client');
    await card.getByLabel('Your note').fill('Could the caption say <b>Friday</b>?');
    await card.getByRole('button', { name: 'Add note' }).click();
    await visible(card.getByRole('status').getByText('Your note was sent.'));
    await visible(card.getByText('Could the caption say <b>Friday</b>?'));
    expect(await seriousAxeViolations(visitor), 'the preview page').toEqual([]);
    await screenshot(visitor, 'client-preview');

    // The team reads it on the post, as text, and answers by keyboard.
    await page.goto('/posts');
    await page.getByRole('button', { name: 'Notes' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Notes on the X (Twitter) post' });
    await visible(dialog.getByText('Could the caption say <b>Friday</b>?'));
    await visible(dialog.getByText('Cleo Client', { exact: false }));
    await dialog.getByLabel('Add a note').fill('Done, thanks');
    await dialog.getByLabel('Add a note').press('Tab');
    await page.keyboard.press('Enter');
    await visible(dialog.getByText('Done, thanks'));
    expect(await seriousAxeViolations(page), 'the notes of a post').toEqual([]);
    await page.keyboard.press('Escape');

    // The video's own notes, on its page.
    await page.goto(`/video/${video.id}`);
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel('Add a note').fill('Colour is off at 0:02');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await visible(notes.getByText('Colour is off at 0:02'));
    expect(await seriousAxeViolations(page), 'the video page with a note').toEqual([]);

    // Revoked: the visitor's page says so.
    await page.goto('/project-settings');
    await section.getByRole('button', { name: /^Revoke/ }).click();
    await visible(section.getByText('Revoked', { exact: false }));
    await visitor.reload();
    await visible(visitor.getByRole('heading', { name: 'This preview link is no longer valid' }));
    expect(await seriousAxeViolations(visitor), 'a revoked preview').toEqual([]);
  });
});
