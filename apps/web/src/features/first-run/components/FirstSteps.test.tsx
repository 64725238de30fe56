import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FirstSteps } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

/** The library of project 1 with a first-run state the test changes as the person goes along. */
function start(initial: FirstSteps) {
  let steps = initial;
  const routes = workspaceRoutes();
  routes['GET /api/projects/1/first-steps'] = () => ({ body: steps });
  signIn();
  stubFetch(routes);
  const view = renderApp('/dashboard');
  return { ...view, set: (next: FirstSteps) => (steps = next) };
}

const region = () => screen.findByRole('region', { name: 'Get started in three steps' });
const stepTexts = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.flex-1')?.textContent);

describe('first-run steps on the Videos screen', () => {
  it('shows the three steps of a new project, each with its way forward', async () => {
    start({ connected: false, uploaded: false, posted: false });
    const section = await region();
    expect(within(section).getByText('0 of 3 done')).toBeInTheDocument();
    expect(stepTexts(section)).toEqual([
      'Connect an account: not done yet',
      'Upload a video: not done yet',
      'Publish or schedule it: not done yet',
    ]);
    expect(within(section).getByRole('link', { name: 'Open Accounts' })).toHaveAttribute('href', '/accounts');
    await userEvent.click(within(section).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
  });

  it('ticks a step as soon as what it asks for exists, and goes once all three are done', async () => {
    const { set, queryClient } = start({ connected: true, uploaded: false, posted: false });
    const section = await region();
    expect(within(section).getByText('1 of 3 done')).toBeInTheDocument();
    expect(stepTexts(section)[0]).toBe('Connect an account: done');
    expect(within(section).queryByRole('link', { name: 'Open Accounts' })).toBeNull();

    // An upload lands in the library's list: the steps are asked again.
    set({ connected: true, uploaded: true, posted: false });
    act(() => queryClient.setQueryData(['videos', 1], [buildVideo({ id: 9, title: 'First clip' })]));
    await waitFor(() => expect(within(section).getByText('2 of 3 done')).toBeInTheDocument());
    expect(stepTexts(section)).toEqual([
      'Connect an account: done',
      'Upload a video: done',
      'Publish or schedule it: not done yet',
    ]);

    await userEvent.click(within(section).getByRole('button', { name: 'Create a post' }));
    expect(await screen.findByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();

    set({ connected: true, uploaded: true, posted: true });
    act(() => queryClient.setQueryData(['posts', 'list', {}], { posts: [], nextCursor: null }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started in three steps' })).toBeNull());
  });

  it('is not shown for a project past its first steps', async () => {
    start({ connected: true, uploaded: true, posted: true });
    expect(await screen.findByRole('heading', { name: 'Videos', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No videos found')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Get started in three steps' })).toBeNull();
  });
});
