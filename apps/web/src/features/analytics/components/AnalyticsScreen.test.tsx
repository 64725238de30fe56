import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildConnection, signIn } from '@/test/factories';
import { stubFetch, type StubAnswer, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: '2026-11-18T10:00:00.000Z',
    to: '2026-11-25T10:00:00.000Z',
    timeZone: 'UTC',
    totals: { views: 1500, likes: 120, comments: 9, shares: 4 },
    byPlatform: [
      { platform: 'x', views: 1000, likes: 100, comments: 8, shares: 4 },
      { platform: 'tiktok', views: 500, likes: 20, comments: 1, shares: 0 },
    ],
    series: [
      { date: '2026-11-20', platform: 'x', views: 1000, likes: 100, comments: 8, shares: 4 },
      { date: '2026-11-21', platform: 'tiktok', views: 500, likes: 20, comments: 1, shares: 0 },
    ],
    topVideos: [{ videoId: 7, title: 'Harbour at dawn', views: 1500 }],
    bestTimes: [{ weekday: 2, hour: 18, posts: 2, averageViews: 750 }],
    measuredPosts: 2,
    lastSyncedAt: '2026-11-25T09:45:00.000Z',
    syncProblems: [],
    ...overrides,
  };
}

/** The workspace, with GET /api/analytics (whatever its period) answered by `analytics`. */
function routesWith(analytics: () => StubAnswer, more: StubRoutes = {}): StubRoutes {
  const routes = { ...workspaceRoutes(), ...more };
  return new Proxy(routes, {
    get: (target, key: string) => (key.startsWith('GET /api/analytics?project_id=1&') ? analytics() : target[key]),
  });
}

describe('analytics screen', () => {
  // jsdom lays nothing out: the chart's container is measured through a ResizeObserver that never reports.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('narrows every figure to one account once a platform has several, from the Account select', async () => {
    signIn();
    const first = buildConnection('youtube');
    const second = buildConnection('youtube', { accountName: 'Second Creator', accountId: 'youtube-account-2' });
    let current = report();
    const { calls } = stubFetch(
      routesWith(() => ({ body: current }), {
        'GET /api/connections?project_id=1': { body: { connections: [first, second] } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/analytics');
    expect(await screen.findByTestId('total-views', {}, { timeout: 10_000 })).toHaveTextContent('1,500');

    current = report({ totals: { views: 300, likes: 30, comments: 3, shares: 0 } });
    const filters = screen.getByRole('search', { name: 'Filter analytics' });
    await user.selectOptions(await within(filters).findByLabelText('Account'), 'YouTube · Second Creator');
    await waitFor(() => expect(screen.getByTestId('total-views')).toHaveTextContent('300'));
    const asked = calls.filter((c) => c.url.startsWith('/api/analytics?')).at(-1)!.url;
    expect(new URL(asked, 'http://x').searchParams.get('connection_id')).toBe(String(second.id));
  });

  it('shows the totals, the chart’s table alternative, top videos and best times; Sync now reads the figures again', async () => {
    signIn();
    let current = report();
    const { calls } = stubFetch(
      routesWith(() => ({ body: current }), {
        'POST /api/analytics/sync': () => {
          current = report({ totals: { views: 1600, likes: 120, comments: 9, shares: 4 } });
          return { body: { synced: 2, failed: 0, lastSyncedAt: '2026-11-25T10:00:00.000Z' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/analytics');

    // The screen's module (with the charting library) loads on demand: give it time on a busy machine.
    expect(await screen.findByTestId('total-views', {}, { timeout: 10_000 })).toHaveTextContent('1,500');
    expect(screen.getByTestId('total-likes')).toHaveTextContent('120');
    const chart = screen.getByRole('region', { name: 'Views per day and platform' });
    await user.click(within(chart).getByText('Show the chart as a table'));
    const table = within(chart).getByRole('table', { name: 'Views per day and platform' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'TikTok', 'X (Twitter)']);
    const day = within(table).getByRole('rowheader', { name: '2026-11-20' }).closest('tr')!;
    expect(
      within(day)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '1,000']);
    expect(
      within(screen.getByRole('region', { name: 'Top videos' })).getByRole('link', { name: 'Harbour at dawn' }),
    ).toHaveAttribute('href', '/video/7');
    expect(screen.getByRole('region', { name: 'Best weekday and hour' })).toHaveTextContent(
      'Tuesday 18:00–19:00750 views on average (2 posts)',
    );

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ project_id: 1 });
    expect(await screen.findByText('Synced 2 posts.')).toBeInTheDocument();
    await expect.poll(() => screen.getByTestId('total-views').textContent).toBe('1,600');
  });

  it('keeps lines on top of each other apart: the key shows one line alone, and the table keeps every platform', async () => {
    signIn();
    stubFetch(routesWith(() => ({ body: report() })));
    const user = userEvent.setup();
    renderApp('/analytics');
    const chart = await screen.findByRole('region', { name: 'Views per day and platform' }, { timeout: 10_000 });
    const lines = within(chart).getByRole('group', { name: 'Lines' });
    const tiktok = within(lines).getByRole('button', { name: 'Show only TikTok' });
    expect(within(lines).getByRole('button', { name: 'Show only X (Twitter)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(tiktok);
    expect(tiktok).toHaveAttribute('aria-pressed', 'true');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(/^Views per day for TikTok: 500 in all over/);
    await user.click(within(chart).getByText('Show the chart as a table'));
    const table = within(chart).getByRole('table', { name: 'Views per day and platform' });
    expect(within(table).getByRole('row', { name: 'Date TikTok X (Twitter)' })).toBeInTheDocument();

    await user.click(within(lines).getByRole('button', { name: 'Show all lines' }));
    expect(tiktok).toHaveAttribute('aria-pressed', 'false');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(/^Views per day for TikTok, X \(Twitter\): 1,500/);
  });

  it('says why a post could not be synced, and since when its figures are stale', async () => {
    signIn();
    stubFetch(
      routesWith(() => ({
        body: report({
          syncProblems: [
            {
              postId: 3,
              videoId: 7,
              videoTitle: 'Harbour at dawn',
              platform: 'tiktok',
              failedAt: '2026-11-25T09:50:00.000Z',
              reason: 'The TikTok account needs reconnecting',
              lastSyncedAt: null,
            },
          ],
        }),
      })),
    );
    renderApp('/analytics');
    const status = await screen.findByRole('region', { name: 'Sync status' }, { timeout: 10_000 });
    const alert = within(status).getByRole('alert');
    expect(alert).toHaveTextContent('One post could not be synced');
    expect(alert).toHaveTextContent('Harbour at dawn on TikTok: The TikTok account needs reconnecting.');
    expect(alert).toHaveTextContent('never synced');
  });

  it('says in words when Sync now is refused for syncing too often, and when to try again', async () => {
    signIn();
    const refusal = 'This project was synced 6 times in the last minute; try again in 42 s.';
    stubFetch(
      routesWith(() => ({ body: report() }), {
        'POST /api/analytics/sync': { status: 429, body: { error: refusal, code: 'too_many_syncs' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/analytics');
    await user.click(await screen.findByRole('button', { name: 'Sync now' }, { timeout: 10_000 }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
