import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildConnection, signIn } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { stubNarrowScreen } from '@/test/narrow-screen';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';

const FIRST_PAGE = 'GET /api/posts?project_id=1&limit=25';

const published = buildPost('youtube', {
  id: 11,
  videoId: 4,
  videoTitle: 'Sunset over Lisbon',
  accountName: 'Mia on YouTube',
  status: 'published',
  publishedAt: '2030-07-01T07:03:00.000Z',
  url: 'http://localhost:3001/www.youtube.com/watch?v=abc',
});
const failed = buildPost('x', {
  id: 12,
  videoId: 4,
  videoTitle: 'Sunset over Lisbon',
  status: 'failed',
  error: {
    code: 'rejected',
    message: 'X refused the post.',
    platformCode: 'forbidden',
    platformMessage: 'You are not allowed to create a Tweet with duplicate content.',
  },
});
const MADE_PRIVATE = {
  privacy: 'private',
  label: 'private',
  requested: 'public',
  reason: 'YouTube restricts uploads from unverified API projects',
  operatorAction: 'have the Google Cloud project pass YouTube’s audit, then set YOUTUBE_API_VERIFIED=true.',
};
const scheduled = buildPost('tiktok', {
  id: 13,
  videoId: 5,
  videoTitle: 'Street food tour',
  scheduledAt: '2030-07-01T07:00:00.000Z',
});

function postsRoutes(answers: Record<string, Post[] | { posts: Post[]; nextCursor: string | null }>) {
  const routes = workspaceRoutes();
  for (const [route, answer] of Object.entries(answers)) {
    routes[route] = { body: Array.isArray(answer) ? { posts: answer, nextCursor: null } : answer };
  }
  return routes;
}

async function openPosts(routes: StubRoutes, path = '/posts') {
  signIn();
  const stub = stubFetch(routes);
  renderApp(path);
  await screen.findByRole('heading', { name: 'My Posts' });
  return { ...stub, user: userEvent.setup() };
}

const row = (title: string, platform: string) =>
  screen
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader', { name: title }) && within(r).queryByText(platform))!;

describe('My Posts', () => {
  it("lists every post with its video, platform, time in the user's zone, status, the platform's words and link", async () => {
    await openPosts(postsRoutes({ [FIRST_PAGE]: [scheduled, failed, published] }));
    const table = await screen.findByRole('table', { name: 'Posts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Video', 'Platform', 'Time', 'Status', 'Actions']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Street food tour', 'Sunset over Lisbon', 'Sunset over Lisbon']);

    const live = row('Sunset over Lisbon', 'YouTube');
    expect(within(live).getByRole('link', { name: 'Sunset over Lisbon' })).toHaveAttribute('href', '/video/4');
    expect(within(live).getByText('Mia on YouTube')).toBeInTheDocument();
    expect(within(live).getByText('Published 01. Juli 2030, 09:03 CEST')).toBeInTheDocument();
    expect(within(live).getByText('Published')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'View post on YouTube' })).toHaveAttribute(
      'href',
      'http://localhost:3001/www.youtube.com/watch?v=abc',
    );

    const refused = row('Sunset over Lisbon', 'X (Twitter)');
    expect(within(refused).getByText('Failed')).toBeInTheDocument();
    expect(within(refused).getByText('X refused the post.')).toBeInTheDocument();
    expect(
      within(refused).getByText('You are not allowed to create a Tweet with duplicate content.'),
    ).toBeInTheDocument();
    expect(within(refused).getByRole('button', { name: 'Retry' })).toHaveAccessibleDescription(
      /You are not allowed to create a Tweet with duplicate content/,
    );

    const waiting = row('Street food tour', 'TikTok');
    expect(within(waiting).getByText('Scheduled for 01. Juli 2030, 09:00 CEST')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Cancel post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a scheduled post whose account needs reconnecting as waiting for it, with the way to Accounts', async () => {
    const onHold = buildPost('facebook', {
      id: 14,
      videoId: 6,
      videoTitle: 'Harbour at dawn',
      scheduledAt: '2030-07-01T07:00:00.000Z',
      error: {
        code: 'needs_reconnect',
        message: 'Waiting for the Facebook account to be reconnected on the Accounts screen.',
        platformCode: '190/463',
        platformMessage: 'Error validating access token: Session has expired.',
      },
    });
    await openPosts(postsRoutes({ [FIRST_PAGE]: [onHold] }));
    await screen.findByRole('table', { name: 'Posts' });
    const waiting = row('Harbour at dawn', 'Facebook');
    expect(within(waiting).getByText('Scheduled')).toBeInTheDocument();
    expect(within(waiting).getByText(/^Waiting: reconnect Facebook on/)).toHaveTextContent(
      'Waiting: reconnect Facebook on Accounts',
    );
    expect(within(waiting).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/accounts');
    expect(within(waiting).getByText('Error validating access token: Session has expired.')).toBeInTheDocument();
    // Changes are refused until the account is back; cancelling is not.
    expect(within(waiting).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Cancel post' })).toBeInTheDocument();
  });

  it('says when a platform published a post with another privacy than chosen, why, and what the operator must do', async () => {
    const madePrivate = buildPost('youtube', { ...published, id: 15, appliedPrivacy: MADE_PRIVATE });
    await openPosts(postsRoutes({ [FIRST_PAGE]: [madePrivate, published] }));
    await screen.findByRole('table', { name: 'Posts' });
    const [privateRow, publicRow] = screen.getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(privateRow).getByText('Published')).toBeInTheDocument();
    expect(
      within(privateRow).getByText('Published as private: YouTube restricts uploads from unverified API projects'),
    ).toBeInTheDocument();
    expect(within(privateRow).getByText(/^For whoever runs this app:/).parentElement).toHaveTextContent(
      'For whoever runs this app: have the Google Cloud project pass YouTube’s audit, then set YOUTUBE_API_VERIFIED=true.',
    );
    expect(within(publicRow).queryByText(/Published as/)).not.toBeInTheDocument();
  });

  it('says the same on a phone card', async () => {
    stubNarrowScreen();
    await openPosts(postsRoutes({ [FIRST_PAGE]: [{ ...published, appliedPrivacy: MADE_PRIVATE }] }));
    const card = within(await screen.findByRole('list', { name: 'Posts' })).getByRole('listitem');
    expect(within(card).getByText(/^Published as private:/)).toHaveTextContent(
      'Published as private: YouTube restricts uploads from unverified API projects',
    );
  });

  it('on a phone shows a card per post, its status and actions in it rather than in a table to scroll sideways', async () => {
    stubNarrowScreen();
    await openPosts(postsRoutes({ [FIRST_PAGE]: [scheduled, failed, published] }));
    const list = await screen.findByRole('list', { name: 'Posts' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Street food tour',
      'Sunset over Lisbon',
      'Sunset over Lisbon',
    ]);
    const [waiting, refused, live] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(waiting).toHaveAccessibleName('Street food tour');
    expect(within(waiting).getByText('TikTok · Mia on TikTok')).toBeInTheDocument();
    expect(within(waiting).getByText('Scheduled for 01. Juli 2030, 09:00 CEST')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Cancel post' })).toBeInTheDocument();
    expect(within(refused).getByText('Failed')).toBeInTheDocument();
    expect(within(refused).getByRole('button', { name: 'Retry' })).toHaveAccessibleDescription(
      /You are not allowed to create a Tweet with duplicate content/,
    );
    expect(within(live).getByRole('link', { name: 'Sunset over Lisbon' })).toHaveAttribute('href', '/video/4');
    expect(within(live).getByRole('link', { name: 'View post on YouTube' })).toBeInTheDocument();
  });

  it('loads the next page after the last one with "Load more", until there is none', async () => {
    const { user, calls } = await openPosts(
      postsRoutes({
        [FIRST_PAGE]: { posts: [scheduled, failed], nextCursor: 'page-2' },
        [`${FIRST_PAGE}&cursor=page-2`]: [published],
      }),
    );
    await screen.findByRole('table', { name: 'Posts' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'View post on YouTube' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/posts')).map((c) => c.url)).toEqual([
      '/api/posts?project_id=1&limit=25',
      '/api/posts?project_id=1&limit=25&cursor=page-2',
    ]);
  });

  it('filters by status and by platform, and says when nothing matches', async () => {
    const { user, calls } = await openPosts(
      postsRoutes({
        [FIRST_PAGE]: [scheduled, failed, published],
        'GET /api/posts?project_id=1&status=failed&limit=25': [failed],
        'GET /api/posts?project_id=1&status=failed&platform=reddit&limit=25': [],
      }),
    );
    await screen.findByRole('table', { name: 'Posts' });
    const filters = screen.getByRole('search', { name: 'Filter posts' });
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(1));
    expect(screen.getByText('X refused the post.')).toBeInTheDocument();

    await user.selectOptions(within(filters).getByLabelText('Platform'), 'Reddit');
    expect(await screen.findByText('No posts match these filters')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/posts?project_id=1&status=failed&platform=reddit&limit=25');

    await user.click(screen.getByRole('button', { name: 'Show all posts' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(3));
    expect(within(filters).getByLabelText('Status')).toHaveValue('');
    expect(within(filters).getByLabelText('Platform')).toHaveValue('');
  });

  it('filters by account once a platform has several, keeping the account in the address', async () => {
    const first = buildConnection('youtube', { accountName: 'Mia on YouTube' });
    const second = buildConnection('youtube', { accountName: 'Second Creator', accountId: 'youtube-account-2' });
    const onSecond = { ...published, id: 14, accountName: 'Second Creator', connectionId: second.id };
    const routes = postsRoutes({
      [FIRST_PAGE]: [onSecond, published],
      [`GET /api/posts?project_id=1&connection_id=${second.id}&limit=25`]: [onSecond],
    });
    routes['GET /api/connections?project_id=1'] = { body: { connections: [first, second, buildConnection('x')] } };
    const { user, calls } = await openPosts(routes);
    const filters = screen.getByRole('search', { name: 'Filter posts' });
    const account = await within(filters).findByLabelText('Account');
    expect(
      within(account)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All accounts',
      'YouTube · Mia on YouTube',
      'YouTube · Second Creator',
      'X (Twitter) · Mia on X (Twitter)',
    ]);
    await user.selectOptions(account, 'YouTube · Second Creator');
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(1));
    expect(calls.at(-1)?.url).toBe(`/api/posts?project_id=1&connection_id=${second.id}&limit=25`);
  });

  it('opens on the account the address names, and has no account select while each platform has one', async () => {
    const first = buildConnection('youtube');
    const second = buildConnection('youtube', { accountName: 'Second Creator', accountId: 'youtube-account-2' });
    const routes = postsRoutes({
      [FIRST_PAGE]: [published],
      [`GET /api/posts?project_id=1&connection_id=${second.id}&limit=25`]: [],
    });
    routes['GET /api/connections?project_id=1'] = { body: { connections: [first, second] } };
    await openPosts(routes, `/posts?account=${second.id}`);
    expect(await screen.findByText('No posts match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveValue(String(second.id));

    const single = postsRoutes({ [FIRST_PAGE]: [published] });
    single['GET /api/connections?project_id=1'] = { body: { connections: [buildConnection('youtube')] } };
    document.body.innerHTML = '';
    await openPosts(single);
    await screen.findByRole('table', { name: 'Posts' });
    expect(screen.queryByLabelText('Account')).not.toBeInTheDocument();
  });

  it('retries a failed post and cancels a scheduled one, then shows where each stands', async () => {
    let posts = [scheduled, failed];
    const routes = workspaceRoutes();
    routes[FIRST_PAGE] = () => ({ body: { posts, nextCursor: null } });
    routes['POST /api/posts/12/retry'] = () => {
      const retried = { ...failed, status: 'publishing' as const, error: null, attempts: 2 };
      posts = [scheduled, retried];
      return { body: { post: retried } };
    };
    routes['DELETE /api/posts/13'] = () => {
      const cancelled = { ...scheduled, status: 'cancelled' as const };
      posts = [cancelled, posts[1]!];
      return { body: { post: cancelled } };
    };
    const { user, calls } = await openPosts(routes);
    await screen.findByRole('table', { name: 'Posts' });

    await user.click(within(row('Sunset over Lisbon', 'X (Twitter)')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(row('Sunset over Lisbon', 'X (Twitter)')).getByText('Publishing')).toBeVisible());
    expect(screen.queryByText('X refused the post.')).not.toBeInTheDocument();

    await user.click(within(row('Street food tour', 'TikTok')).getByRole('button', { name: 'Cancel post' }));
    await waitFor(() => expect(within(row('Street food tour', 'TikTok')).getByText('Cancelled')).toBeVisible());
    expect(await screen.findByText('The TikTok post is cancelled.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/posts/12/retry',
      'DELETE /api/posts/13',
    ]);
  });

  it('invites a first publish when the project has no posts', async () => {
    await openPosts(postsRoutes({ [FIRST_PAGE]: [] }));
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my videos' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('search', { name: 'Filter posts' })).not.toBeInTheDocument();
  });

  it('says when the posts could not be loaded, and loads them on "Try again"', async () => {
    let failures = 1;
    const routes = workspaceRoutes();
    routes[FIRST_PAGE] = () =>
      failures-- > 0
        ? { status: 503, body: { error: 'Database unavailable', code: 'unavailable' } }
        : { body: { posts: [published], nextCursor: null } };
    const { user } = await openPosts(routes);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await screen.findByText('Your posts could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'View post on YouTube' })).toBeInTheDocument();
  });
});
