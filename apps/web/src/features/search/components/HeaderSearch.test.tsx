import type { SearchResult } from '@fanout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const projects = [buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD', video_count: 1 })];

const video: SearchResult = {
  ref: '/video/5',
  type: 'video',
  name: 'Sunset at the pier',
  drive: 'Travel Diaries',
  owner: 'mia',
  modified: '2026-03-05T10:00:00.000Z',
};

type PostOf = NonNullable<SearchResult['post']>;

/** A post result of video 5, a published TikTok post unless told otherwise. */
const post = ({ name, ...over }: Partial<PostOf> & { name?: string } = {}): SearchResult => ({
  ref: '/video/5',
  type: 'video',
  name: name ?? 'Sunset at the pier',
  drive: 'Travel Diaries',
  owner: 'mia',
  modified: '2026-03-06T10:00:00.000Z',
  post: {
    id: 40,
    videoId: 5,
    videoTitle: 'Sunset at the pier',
    platform: 'tiktok',
    status: 'published',
    accountName: 'mia.travels',
    ...over,
  },
});

async function searchFor(q: string, results: SearchResult[]) {
  signIn();
  const routes = workspaceRoutes({ projects });
  routes[`GET /api/search?q=${encodeURIComponent(q)}`] = { body: { results } };
  stubFetch(routes);
  const { router } = renderApp('/accounts');
  const user = userEvent.setup();
  const [box] = await screen.findAllByRole('combobox', { name: 'Search files and folders' });
  await user.type(box!, q);
  await screen.findByText(`${results.length} result(s)`);
  return { user, router, options: screen.getAllByRole('option') };
}

const marks = (el: HTMLElement) => [...el.querySelectorAll('mark')].map((m) => m.textContent);

describe('header search: posts', () => {
  it('shows a post as "TikTok post · Published" with its account, and opens its video', async () => {
    const { user, router, options } = await searchFor('sunset', [
      post(),
      post({ name: 'Golden hour, no filter #sunset', id: 41, platform: 'instagram', status: 'scheduled' }),
      video,
    ]);
    const [tiktok, instagram, plain] = options as [HTMLElement, HTMLElement, HTMLElement];

    expect(tiktok).toHaveTextContent('TikTok post · Published · mia.travels · Travel Diaries');
    expect(marks(tiktok)).toEqual(['Sunset']);
    // A caption of its own: the row also says which video the post is of.
    expect(instagram).toHaveTextContent('Golden hour, no filter #sunset');
    expect(instagram).toHaveTextContent(
      'Instagram post · Scheduled · mia.travels · Sunset at the pier · Travel Diaries',
    );
    expect(marks(instagram)).toEqual(['sunset']);
    // The video itself reads as before: no post wording.
    expect(plain).toHaveTextContent('Sunset at the pier');
    expect(plain).not.toHaveTextContent(/post ·/);

    await user.click(instagram);
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/5'));
  });

  it("highlights the platform's or the account's name when that is what matched", async () => {
    const found = await searchFor('tok', [post({ accountName: 'tokyo.trips' })]);
    expect(marks(found.options[0]!)).toEqual(['Tok', 'tok']);
    expect(within(found.options[0]!).getByText('Tok', { selector: 'mark' }).closest('span')).toHaveTextContent(
      'TikTok',
    );
  });

  it('starts a long caption near its match, so the match shows in the row', async () => {
    const caption = `${'A long day of walking around the old town and its markets. '.repeat(3)}Then the lighthouse.`;
    const { options } = await searchFor('lighthouse', [post({ name: caption, status: 'failed' })]);
    expect(options[0]).toHaveTextContent(/^…[^…]*the lighthouse\./);
    expect(options[0]).toHaveTextContent('TikTok post · Failed');
    expect(marks(options[0]!)).toEqual(['lighthouse']);
  });
});
