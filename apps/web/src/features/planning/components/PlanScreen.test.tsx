import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Idea, IdeaColumn } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { liveEventsStub } from '@/test/event-stream-stub';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { buildPost } from '@/test/post-factories';
import { stubFetch, type StubRequest } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const idea = (id: number, title: string, column: IdeaColumn, position: number, extra: Partial<Idea> = {}): Idea => ({
  id,
  projectId: 1,
  title,
  notes: '',
  column,
  position,
  dueDate: null,
  videoId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...extra,
});

/** The ideas API of project 1 over a list the test can read, renumbering columns as the server does. */
function boardRoutes(initial: Idea[], project = buildProject()) {
  let ideas = [...initial];
  const video = buildVideo({ id: 40, title: 'Harbour at dawn' });
  const routes = workspaceRoutes({ videos: [video], projects: [project] });
  routes['GET /api/ideas?project_id=1'] = () => ({ body: { ideas } });
  routes['POST /api/ideas'] = ({ body }: StubRequest) => {
    const b = body as { title: string; column?: IdeaColumn; notes?: string; dueDate?: string | null };
    const column = b.column ?? 'idea';
    const created = idea(90, b.title, column, ideas.filter((i) => i.column === column).length, {
      notes: b.notes ?? '',
      dueDate: b.dueDate ?? null,
    });
    ideas = [...ideas, created];
    return { status: 201, body: { idea: created } };
  };
  for (const one of initial) {
    routes[`PATCH /api/ideas/${one.id}`] = ({ body }: StubRequest) => {
      const b = body as { column?: IdeaColumn; position?: number };
      const current = ideas.find((i) => i.id === one.id)!;
      const column = b.column ?? current.column;
      const rest = ideas.filter((i) => i.id !== one.id);
      const target = rest.filter((i) => i.column === column).sort((x, y) => x.position - y.position);
      target.splice(b.position ?? target.length, 0, { ...current, column });
      const others = rest
        .filter((i) => i.column !== column)
        .map((i) =>
          i.column === current.column && i.position > current.position ? { ...i, position: i.position - 1 } : i,
        );
      ideas = [...others, ...target.map((i, position) => ({ ...i, position }))];
      return { body: { idea: ideas.find((i) => i.id === one.id) } };
    };
  }
  return { routes, read: () => ideas };
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('planning board', () => {
  it('shows the five columns with their cards, due dates and videos', async () => {
    signIn();
    const { routes } = boardRoutes([
      idea(1, 'Market tour', 'idea', 0, { notes: 'Saturday morning', dueDate: '2026-04-02' }),
      idea(2, 'Harbour timelapse', 'ready', 0, { videoId: 40 }),
      idea(3, 'Launch teaser', 'scheduled', 0, { videoId: 40 }),
    ]);
    stubFetch(routes);
    renderApp('/planning');
    // The first render loads the screen's code: give a busy machine time.
    expect(await screen.findByText('Market tour', {}, { timeout: 15_000 })).toBeInTheDocument();
    const regions = ['Idea', 'Drafting', 'Ready', 'Scheduled', 'Published'].map(column);
    regions
      .slice(1)
      .forEach((region, i) =>
        expect(regions[i]!.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy(),
      );
    expect(within(column('Scheduled')).getByText(/Fills by itself/)).toBeInTheDocument();
    expect(titlesIn('Idea')).toEqual(['Market tour']);
    expect(titlesIn('Ready')).toEqual(['Harbour timelapse']);
    expect(titlesIn('Scheduled')).toEqual(['Launch teaser']);
    const card = screen.getByText('Market tour').closest('li')!;
    expect(within(card).getByText('Saturday morning')).toBeInTheDocument();
    expect(within(card).getByText('Due 02. Apr. 2026')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Create post/ })).toBeNull();
    const ready = screen.getByText('Harbour timelapse').closest('li')!;
    expect(within(ready).getByText('Harbour at dawn')).toBeInTheDocument();
    expect(within(ready).getByRole('button', { name: 'Create post of Harbour timelapse' })).toBeInTheDocument();
    expect(within(ready).getByRole('button', { name: 'Drag Harbour timelapse' })).toBeInTheDocument();
  });

  it('shows a reviewer the board to read: no New idea, handle, Move to…, Edit or Create post', async () => {
    signIn();
    const { routes } = boardRoutes(
      [idea(1, 'Market tour', 'idea', 0), idea(2, 'Harbour timelapse', 'ready', 0, { videoId: 40 })],
      buildProject({ role: 'reviewer' }),
    );
    stubFetch(routes);
    renderApp('/planning');
    expect(await screen.findByText('Harbour timelapse', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(titlesIn('Idea')).toEqual(['Market tour']);
    expect(
      within(screen.getByText('Harbour timelapse').closest('li')!).getByText('Harbour at dawn'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New idea' })).toBeNull();
    for (const name of [/^Drag /, /^Move to… /, /^Edit /, /^Create post of /]) {
      expect(screen.queryByRole('button', { name }), String(name)).toBeNull();
    }
    expect(
      screen.getByText("Reviewers can read this project's ideas; only the owner and editors change them."),
    ).toBeInTheDocument();
  });

  it('adds an idea through the New idea dialog', async () => {
    signIn();
    const { routes } = boardRoutes([]);
    const { calls } = stubFetch(routes);
    renderApp('/planning');
    await userEvent.click(await screen.findByRole('button', { name: 'New idea' }));
    const dialog = await screen.findByRole('dialog', { name: 'New idea' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add idea' }));
    expect(within(dialog).getByText('Give the idea a title')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Street food special');
    await userEvent.type(within(dialog).getByLabelText('Notes'), 'Three stalls');
    await userEvent.selectOptions(within(dialog).getByLabelText('Column'), 'Drafting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add idea' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/ideas')?.body).toEqual({
      project_id: 1,
      title: 'Street food special',
      notes: 'Three stalls',
      column: 'drafting',
      dueDate: null,
      videoId: null,
    });
    await waitFor(() => expect(titlesIn('Drafting')).toEqual(['Street food special']));
  });

  it('moves a card with Move to…, a column and a place in it', async () => {
    signIn();
    const { routes } = boardRoutes([
      idea(1, 'Market tour', 'idea', 0),
      idea(2, 'Bloopers', 'drafting', 0),
      idea(3, 'Q&A', 'drafting', 1),
    ]);
    const { calls } = stubFetch(routes);
    renderApp('/planning');
    const card = (await screen.findByText('Market tour')).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: /^Move to…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Market tour”' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Column'), 'Drafting');
    expect(within(dialog).getByLabelText('Position')).toHaveDisplayValue('At the bottom (after “Q&A”)');
    await userEvent.selectOptions(within(dialog).getByLabelText('Position'), 'After “Bloopers”');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(titlesIn('Drafting')).toEqual(['Bloopers', 'Market tour', 'Q&A']));
    expect(titlesIn('Idea')).toEqual([]);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ column: 'drafting', position: 1 });
  });

  it('explains why Scheduled and Published cannot be chosen by hand', async () => {
    signIn();
    const { routes } = boardRoutes([idea(1, 'Market tour', 'idea', 0), idea(3, 'Teaser', 'scheduled', 0)]);
    const { calls } = stubFetch(routes);
    renderApp('/planning');
    const card = (await screen.findByText('Market tour')).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: /^Move to…/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Move “Market tour”' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Column'), 'Scheduled');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "Ideas move to Scheduled by themselves, when their video's post is scheduled.",
    );
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const teaser = screen.getByText('Teaser').closest('li')!;
    await userEvent.click(within(teaser).getByRole('button', { name: /^Move to…/ }));
    dialog = await screen.findByRole('dialog', { name: 'Move “Teaser”' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Column'), 'Idea');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('so the idea stays in Scheduled');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("follows a video's posts live: a post event moves its idea to Scheduled", async () => {
    signIn();
    const live = liveEventsStub();
    let ideas = [idea(2, 'Harbour timelapse', 'ready', 0, { videoId: 40 })];
    const { routes } = boardRoutes(ideas);
    routes['GET /api/events'] = live.route;
    routes['GET /api/ideas?project_id=1'] = () => ({ body: { ideas } });
    stubFetch(routes);
    renderApp('/planning');
    await waitFor(() => expect(titlesIn('Ready')).toEqual(['Harbour timelapse']));
    await waitFor(() => expect(live.openCount()).toBe(1));

    ideas = [idea(2, 'Harbour timelapse', 'scheduled', 0, { videoId: 40 })];
    live.send('post', { post: buildPost('x', { videoId: 40, status: 'scheduled' }) });
    await waitFor(() => expect(titlesIn('Scheduled')).toEqual(['Harbour timelapse']));
    expect(titlesIn('Ready')).toEqual([]);
  });
});
