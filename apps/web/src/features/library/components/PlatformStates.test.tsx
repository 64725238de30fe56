import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

// Published on YouTube, failed on X, never sent to Instagram (though its details name it), still due on TikTok.
const video = buildVideo({
  id: 7,
  title: 'Harbour at dawn',
  status: 'scheduled',
  platforms: ['instagram', 'youtube', 'x'],
  postCounts: {
    scheduled: 1,
    awaiting_approval: 0,
    publishing: 0,
    published: 1,
    failed: 1,
    cancelled: 0,
    unconfirmed: 0,
  },
  platformPosts: [
    { platform: 'tiktok', status: 'scheduled' },
    { platform: 'youtube', status: 'published' },
    { platform: 'x', status: 'failed' },
  ],
});

const platformNames = (scope: HTMLElement) =>
  within(within(scope).getByRole('list', { name: 'Platforms' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("a library card's platforms", () => {
  async function open() {
    signIn();
    stubFetch(workspaceRoutes({ videos: [video], platforms: ['instagram', 'tiktok', 'youtube', 'x'] }));
    renderApp('/dashboard');
    return (await screen.findByRole('article', { name: 'Harbour at dawn' })) as HTMLElement;
  }

  it("names each platform with its own post's state, and keeps the video's overall word as its status", async () => {
    const card = await open();
    expect(platformNames(card)).toEqual([
      'Instagram: not posted',
      'TikTok: scheduled',
      'YouTube: published',
      'X (Twitter): failed',
    ]);
    // Each state is a shape on the icon (tick, clock, cross), not colour alone; a platform not posted to has none.
    const marks = [...card.querySelectorAll('[data-platform] [data-state]')].map((m) => m.getAttribute('data-state'));
    expect(marks).toEqual(['scheduled', 'published', 'failed']);
    expect(within(card).getByTitle('X (Twitter): failed')).toBeInTheDocument();
    expect(within(card).getByText('Scheduled')).toBeInTheDocument();
  });

  it('shows the same states in the list view', async () => {
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'List view' }));
    const row = screen.getByRole('link', { name: 'Harbour at dawn' }).closest('tr')!;
    expect(platformNames(row)).toEqual([
      'Instagram: not posted',
      'TikTok: scheduled',
      'YouTube: published',
      'X (Twitter): failed',
    ]);
  });
});
