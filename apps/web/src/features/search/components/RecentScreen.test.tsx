import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = (id: number, name: string, modified: string): SearchResult => ({
  ref: `/video/${id}`,
  type: 'video',
  name,
  drive: 'Travel Diaries',
  owner: 'mia.creates',
  modified,
});

const post: SearchResult = {
  ...video(4, 'Harbour at dawn', '2026-03-06T09:00:00Z'),
  post: {
    id: 11,
    videoId: 4,
    videoTitle: 'Harbour at dawn',
    platform: 'tiktok',
    status: 'published',
    accountName: '@mia',
  },
};

describe('Recent and Shared, the header links', () => {
  it('lists the videos and posts changed lately, newest first, each leading to its video, with more on demand', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/recent?limit=30'] = {
      body: { results: [post, video(5, 'Market tour', '2026-03-05T10:00:00Z')], nextCursor: 'next-page' },
    };
    routes['GET /api/recent?limit=30&cursor=next-page'] = {
      body: { results: [video(2, 'Old pier', '2026-02-01T10:00:00Z')], nextCursor: null },
    };
    stubFetch(routes);
    renderApp('/recent');
    expect(await screen.findByRole('heading', { name: 'Recent', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recent changes' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/video/4', '/video/5']);
    expect(rows[0]).toHaveTextContent('TikTok post · Published');
    expect(rows[1]).toHaveTextContent('Market tour');
    expect(rows[1]).toHaveTextContent('05. März 2026');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Old pier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing has changed yet', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/recent?limit=30'] = { body: { results: [], nextCursor: null } };
    stubFetch(routes);
    renderApp('/recent');
    expect(
      await screen.findByRole('heading', { name: 'Nothing changed yet' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('says that no projects are shared with the person, inside the app, not as a missing page', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    renderApp('/shared');
    expect(await screen.findByRole('heading', { name: 'Shared', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No projects are shared with you' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
