import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const videos = [
  buildVideo({ id: 1, title: 'Sunset over Lisbon', status: 'awaiting-details', views: 1_250_000 }),
  buildVideo({ id: 2, title: 'Street food tour', status: 'ready', views: 15_250, platforms: ['youtube'] }),
  buildVideo({ id: 3, title: 'Lisbon by night', status: 'published', views: 0 }),
];

async function openLibrary(routes = workspaceRoutes({ videos })) {
  signIn();
  const stub = stubFetch(routes);
  const view = renderApp('/dashboard');
  await screen.findByRole('heading', { name: 'Videos' });
  return { ...stub, ...view, user: userEvent.setup() };
}

describe('video library', () => {
  it('lists the videos of the current project with their views and German dates', async () => {
    await openLibrary();
    expect(screen.getByText('Manage and upload your videos to multiple platforms')).toBeInTheDocument();
    const card = (await screen.findByRole('article', { name: 'Sunset over Lisbon' })) as HTMLElement;
    expect(within(card).getByText('1.3M')).toBeInTheDocument();
    expect(within(card).getByText('05. März 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Details' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Street food tour' })).getByText('15.3K')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Lisbon by night' })).getByText('N/A')).toBeInTheDocument();
    expect(localStorage.getItem('currentProjectId')).toBe('1');
  });

  it('searches titles, filters by status and says when nothing matches', async () => {
    const { user } = await openLibrary();
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    await user.type(screen.getByPlaceholderText('Search videos...'), 'LISBON');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(await screen.findByText('No videos found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search')).toBeInTheDocument();
  });

  it('folds the filters behind "Filters" (on a phone), which says how many are on', async () => {
    const { user } = await openLibrary();
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    const fold = screen.getByRole('button', { name: 'Filters' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    const folded = fold
      .getAttribute('aria-controls')!
      .split(' ')
      .map((id) => document.getElementById(id)!);
    expect(folded[0]).toContainElement(screen.getByLabelText('Status'));
    expect(folded[1]).toContainElement(screen.getByLabelText('Tag'));
    expect(folded[1]).toContainElement(screen.getByLabelText('Collection'));
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    await user.type(screen.getByLabelText('Tag'), 'travel');
    expect(screen.getByRole('button', { name: 'Filters 2 on' })).toBe(fold);
  });

  it('invites a first upload when the library is empty', async () => {
    await openLibrary(workspaceRoutes({ videos: [] }));
    expect(await screen.findByText('No videos found')).toBeInTheDocument();
    expect(screen.getByText('Get started by uploading your first video')).toBeInTheDocument();
  });

  it('switches between grid and list, the list with its columns', async () => {
    const { user } = await openLibrary();
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Selected', 'Video', 'Status', 'Platforms', 'Views', 'Size', 'Date', 'Actions']);
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('selects all filtered videos, opens Schedule for them and deletes them after confirmation', async () => {
    const routes = workspaceRoutes({ videos });
    routes['POST /api/videos/bulk-delete'] = { body: { deleted: [1, 3] } };
    const { user, calls } = await openLibrary(routes);
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    await user.type(screen.getByPlaceholderText('Search videos...'), 'lisbon');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule 2 videos' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete 2 selected videos?');
    expect(calls.some((c) => c.url === '/api/videos/bulk-delete')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lisbon by night' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.url === '/api/videos/bulk-delete')?.body).toEqual({ videoIds: [1, 3] });
  });

  it('deletes one video after "Delete this video?" and keeps it when the server refuses', async () => {
    const routes = workspaceRoutes({ videos });
    routes['DELETE /api/videos/2'] = { status: 500, body: { error: 'Internal error', code: 'internal' } };
    const { user } = await openLibrary(routes);
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Delete Street food tour' }));
    expect(confirm).toHaveBeenCalledWith('Delete this video?');
    expect(await screen.findByText('The video could not be deleted.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Street food tour' })).toBeInTheDocument();
  });

  it("gives focus back to a card's 'More actions' button when the Edit dialog it opened is closed with Escape", async () => {
    const { user } = await openLibrary();
    const card = await screen.findByRole('article', { name: 'Street food tour' });
    const more = within(card).getByRole('button', { name: 'More actions for Street food tour' });
    await user.click(more);
    expect(within(card).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Edit Video Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit Video Details' })).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it("opens the upload modal from the empty library's own upload button", async () => {
    const { user } = await openLibrary(workspaceRoutes({ videos: [] }));
    const empty = (await screen.findByText('Get started by uploading your first video')).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Upload your first video' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
  });

  it("un-ticking 'Select all' clears the selection", async () => {
    const { user } = await openLibrary();
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await user.click(selectAll);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Street food tour' })).toBeChecked();

    await user.click(selectAll);
    expect(selectAll).not.toBeChecked();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    for (const title of ['Sunset over Lisbon', 'Street food tour', 'Lisbon by night'])
      expect(screen.getByRole('checkbox', { name: `Select ${title}` })).not.toBeChecked();
  });

  it('keeps the selected videos when the server refuses the bulk delete', async () => {
    const routes = workspaceRoutes({ videos });
    routes['POST /api/videos/bulk-delete'] = { status: 500, body: { error: 'Internal error', code: 'internal' } };
    const { user, calls } = await openLibrary(routes);
    await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The selected videos could not be deleted.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/videos/bulk-delete')?.body).toEqual({ videoIds: [1, 2, 3] });
    for (const title of ['Sunset over Lisbon', 'Street food tour', 'Lisbon by night'])
      expect(screen.getByRole('article', { name: title })).toBeInTheDocument();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('asks for the videos without a project when there is no current project', async () => {
    const routes = workspaceRoutes({ projects: [] });
    routes['GET /api/videos'] = { body: [buildVideo({ id: 41, title: 'Loose clip', projectId: 9 })] };
    const { calls } = await openLibrary(routes);
    expect(await screen.findByRole('article', { name: 'Loose clip' })).toBeInTheDocument();
    const listCalls = calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/videos'));
    expect(listCalls.map((c) => c.url)).toEqual(['/api/videos?limit=50']);
  });

  it('says when the videos could not be loaded, and loads them on "Try again"', async () => {
    const routes = workspaceRoutes({ videos });
    const list = routes['GET /api/videos?project_id=1'];
    let failures = 1;
    routes['GET /api/videos?project_id=1'] = (request) =>
      failures-- > 0
        ? { status: 503, body: { error: 'Database unavailable', code: 'unavailable' } }
        : typeof list === 'function'
          ? list(request)
          : list;
    const { user } = await openLibrary(routes);
    expect(await screen.findByText('Your videos could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Sunset over Lisbon' })).toBeInTheDocument();
  });

  describe('at scale', () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        buildVideo({ id: count - i, title: `${i % 2 === 0 ? 'Harbour' : 'Market'} clip ${count - i}` }),
      );
    const listCalls = (calls: { method: string; url: string }[]) =>
      calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/videos?')).map((c) => c.url);

    function scrollTo(y: number) {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
      window.dispatchEvent(new Event('scroll'));
    }
    afterEach(() => scrollTo(0));
    const cards = () => within(screen.getByRole('list', { name: 'Videos' })).getAllByRole('listitem');

    it('loads the first page, draws only the cards near the viewport, and loads the next page as the end comes near', async () => {
      const { calls } = await openLibrary(workspaceRoutes({ videos: many(120) }));
      await screen.findByRole('article', { name: 'Harbour clip 120' });
      expect(listCalls(calls)).toEqual(['/api/videos?project_id=1&limit=50']);
      const drawn = cards();
      expect(drawn.length).toBeLessThan(15);
      expect(drawn[0]).toHaveAttribute('aria-setsize', '120');
      expect(drawn[0]).toHaveAttribute('aria-posinset', '1');

      // Near the 50th card (one card a row here, about 400 px each) the second page is asked for.
      act(() => scrollTo(45 * 396));
      await waitFor(() =>
        expect(listCalls(calls)).toEqual([
          '/api/videos?project_id=1&limit=50',
          '/api/videos?project_id=1&limit=50&cursor=50',
        ]),
      );
      act(() => scrollTo(58 * 396));
      const card = await screen.findByRole('article', { name: 'Harbour clip 62' });
      expect(card.closest('[role="listitem"]')).toHaveAttribute('aria-posinset', '59');
      expect(cards().length).toBeLessThan(15);
      expect(screen.queryByRole('article', { name: 'Harbour clip 120' })).not.toBeInTheDocument();
    });

    it('searches on the server: a first keystroke at once, the ones that follow quickly together once typing rests', async () => {
      const { user, calls } = await openLibrary(workspaceRoutes({ videos: many(120) }));
      await screen.findByRole('article', { name: 'Harbour clip 120' });
      await user.type(screen.getByPlaceholderText('Search videos...'), 'Market');
      expect(await screen.findByRole('article', { name: 'Market clip 119' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour clip 120' })).not.toBeInTheDocument());
      // The first letter goes at once (typing was at rest), the rest together once typing rests again.
      const searches = () => listCalls(calls).filter((url) => url.includes('q='));
      await waitFor(() => expect(searches().at(-1)).toBe('/api/videos?project_id=1&limit=50&q=Market'));
      expect(searches()[0]).toBe('/api/videos?project_id=1&limit=50&q=M');
      expect(searches().length).toBeLessThan('Market'.length);
      expect(cards()[0]).toHaveAttribute('aria-setsize', '60');

      await user.selectOptions(screen.getByLabelText('Status'), 'Published');
      expect(await screen.findByText('No videos found')).toBeInTheDocument();
      expect(listCalls(calls).at(-1)).toBe('/api/videos?project_id=1&limit=50&q=Market&status=published');
    });

    it('"Select all" selects every matching video, loaded or not, and Delete sends them all in batches of 500', async () => {
      const routes = workspaceRoutes({ videos: many(1200) });
      routes['POST /api/videos/bulk-delete'] = (request) => ({
        body: { deleted: (request.body as { videoIds: number[] }).videoIds },
      });
      const { user, calls } = await openLibrary(routes);
      await screen.findByRole('article', { name: 'Harbour clip 1200' });
      await user.type(screen.getByPlaceholderText('Search videos...'), 'harbour');
      await user.click(screen.getByRole('checkbox', { name: 'Select all' }));

      expect(await screen.findByText('600 selected')).toBeInTheDocument();
      expect(calls.some((c) => c.url === '/api/videos/ids?project_id=1&q=harbour')).toBe(true);
      expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Select Harbour clip 1200' }));
      expect(screen.getByText('599 selected')).toBeInTheDocument();
      expect(screen.getByText('of 600')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select all' })).toBePartiallyChecked();

      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(confirm).toHaveBeenCalledWith('Delete 599 selected videos?');
      expect(await screen.findByText('599 videos deleted.')).toBeInTheDocument();
      const sent = calls
        .filter((c) => c.url === '/api/videos/bulk-delete')
        .map((c) => (c.body as { videoIds: number[] }).videoIds);
      expect(sent.map((ids) => ids.length)).toEqual([500, 99]);
      expect(sent.flat()).not.toContain(1200);
      expect(screen.getByRole('article', { name: 'Harbour clip 1200' })).toBeInTheDocument();
    });
  });

  it('offers a reviewer or a client no change: no upload, selection, bulk actions, edit or delete', async () => {
    for (const role of ['reviewer', 'client'] as const) {
      const { user, unmount } = await openLibrary(workspaceRoutes({ videos, projects: [buildProject({ role })] }));
      const card = await screen.findByRole('article', { name: 'Sunset over Lisbon' });
      for (const name of [
        'Upload Videos',
        'Add Details',
        'More actions for Sunset over Lisbon',
        'Schedule',
        'Delete',
        'Collections…',
        'New',
      ]) {
        expect(screen.queryByRole('button', { name }), `${role}: ${name}`).not.toBeInTheDocument();
      }
      expect(within(card).queryByRole('checkbox'), role).not.toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Select all' }), role).not.toBeInTheDocument();
      // The list view reads the same: no selection column, no Edit or Delete, the videos still there to open.
      await user.click(screen.getByRole('button', { name: 'List view' }));
      const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers).toEqual(['Video', 'Status', 'Platforms', 'Views', 'Size', 'Date', 'Actions']);
      expect(screen.queryByRole('button', { name: 'Edit Sunset over Lisbon' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete Sunset over Lisbon' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sunset over Lisbon' })).toHaveAttribute('href', '/video/1');
      unmount();
    }
  });

  it('offers an editor uploading, selecting and changing videos', async () => {
    await openLibrary(workspaceRoutes({ videos, projects: [buildProject({ role: 'editor' })] }));
    const card = await screen.findByRole('article', { name: 'Sunset over Lisbon' });
    expect(screen.getByRole('button', { name: 'Upload Videos' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Details' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select Sunset over Lisbon' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collections…' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New' })).not.toHaveLength(0);
  });
});
