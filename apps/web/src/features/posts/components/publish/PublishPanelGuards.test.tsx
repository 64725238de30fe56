import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import { buildConnection, buildUser, buildVideo, signIn } from '@/test/factories';
import { stubFetch, type StubRequest, type StubRoutes } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';
import { connectionId, routesWith, video } from './panel-test-support';

const created = (platforms: PlatformKey[]) => ({
  status: 201,
  body: { posts: platforms.map((platform) => buildPost(platform, { videoId: 31 })) },
});
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');

/** The video page, its publish panel for a video with these facts, and these accounts (live ones not sandboxed). */
async function open(platforms: PlatformKey[], options: { live?: PlatformKey[]; video?: object; extra?: StubRoutes }) {
  const shown = buildVideo({ ...video, ...options.video });
  signIn();
  const routes = routesWith(platforms);
  routes['GET /api/videos/31'] = { body: { video: shown } };
  routes['GET /api/connections?project_id=1'] = {
    body: {
      connections: platforms.map((p) =>
        buildConnection(p, { id: connectionId(p), sandbox: !options.live?.includes(p) }),
      ),
    },
  };
  const stub = stubFetch({ ...routes, ...options.extra });
  const app = renderApp('/video/31');
  const form = within(await screen.findByRole('form', { name: 'Publish Street food tour' }));
  return { ...stub, app, form, user: userEvent.setup() };
}

describe('publish panel: nothing goes out by surprise', () => {
  it('ticks the platforms chosen in the video’s details', async () => {
    const { form } = await open(['tiktok', 'x', 'youtube'], { video: { platforms: ['x', 'youtube'] } });
    expect(form.getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'YouTube' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'TikTok' })).not.toBeChecked();
  });

  it('never publishes on Enter; with a date filled in, Schedule is the main button', async () => {
    const { form, calls, user } = await open(['x'], {
      video: { platforms: ['x'] },
      extra: { 'POST /api/videos/31/posts': created(['x']) },
    });
    const buttons = () => form.getAllByRole('button', { name: /^(Publish now|Schedule|Add to queue)$/ });
    expect(buttons().map((b) => b.textContent)).toEqual(['Publish now', 'Schedule', 'Add to queue']);
    const caption = form.getByRole('textbox', { name: 'Post on X (Twitter)' });
    await user.type(caption, '{Enter}');
    const when = form.getByLabelText('Date and time');
    fireEvent.change(when, { target: { value: '2030-06-01T10:00' } });
    await user.type(when, '{Enter}');
    await user.type(form.getByRole('combobox', { name: 'Who can reply on X' }), '{Enter}');
    expect(posted(calls)).toHaveLength(0);
    expect(when).toHaveValue('2030-06-01T10:00');

    expect(buttons().map((b) => b.textContent)).toEqual(['Schedule', 'Publish now', 'Add to queue']);
    expect(form.getByRole('button', { name: 'Schedule' })).toHaveClass('bg-brand-600');
    expect(form.getByRole('button', { name: 'Publish now' })).not.toHaveClass('bg-brand-600');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ scheduledLocal: '2030-06-01T10:00' });
  });

  it('asks once before publishing now to a live account, and not again once told so', async () => {
    const { form, calls, user } = await open(['x', 'youtube'], {
      live: ['x'],
      video: { platforms: ['x', 'youtube'] },
      extra: {
        'POST /api/videos/31/posts': created(['x', 'youtube']),
        'PATCH /api/auth/me': { body: { user: buildUser({ askBeforeLivePublish: false }) } },
      },
    });
    await user.click(form.getByRole('button', { name: 'Publish now' }));
    let question = within(await screen.findByRole('dialog', { name: 'Publish now?' }));
    expect(question.getByText(/^X \(Twitter\) is a live account: the post goes out there at once/)).toBeVisible();
    expect(question.getByText('Publish now to YouTube and X (Twitter)?')).toBeVisible();
    expect(question.getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.click(question.getByRole('button', { name: 'Go back' }));
    expect(posted(calls)).toHaveLength(0);

    await user.click(form.getByRole('button', { name: 'Publish now' }));
    question = within(await screen.findByRole('dialog', { name: 'Publish now?' }));
    await user.click(question.getByRole('checkbox', { name: /Don’t ask me again/ }));
    await user.click(question.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH' && c.url === '/api/auth/me')?.body).toEqual({
      askBeforeLivePublish: false,
    });

    await user.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    await user.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists each problem with its platform, and publishes to the platforms that pass after one question', async () => {
    const { form, calls, user } = await open(['youtube', 'x'], {
      video: { platforms: ['youtube', 'x'], width: 1920, height: 1080 },
      extra: { 'POST /api/videos/31/posts': created(['youtube']) },
    });
    await user.click(form.getByRole('button', { name: 'Publish now' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('2 problems stop this post');
    await waitFor(() => expect(summary).toHaveFocus());
    const [problem] = within(summary).getAllByRole('link', { name: /^X \(Twitter\): X allows videos at most/ });
    await user.click(problem!);
    expect(form.getByRole('list', { name: 'Other problems for X (Twitter)' })).toHaveFocus();
    expect(posted(calls)).toHaveLength(0);

    await user.click(within(summary).getByRole('button', { name: 'Publish to the 1 that pass' }));
    const question = within(await screen.findByRole('dialog', { name: 'Publish to the 1 that pass?' }));
    expect(question.getByText('X (Twitter) would refuse this post as it is, so it is left out.')).toBeVisible();
    expect(question.getByText('Publish now to YouTube?')).toBeVisible();
    await user.click(question.getByRole('button', { name: 'Leave X (Twitter) out and publish' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ targets: [{ platform: 'youtube' }] });
    expect(await form.findByRole('status')).toHaveTextContent('Publishing to YouTube.');
  });

  it('keeps the typed texts when the panel is left, and brings them back with a way to discard them', async () => {
    const { form, user, app } = await open(['x'], { video: { platforms: ['x'] } });
    const caption = form.getByRole('textbox', { name: 'Post on X (Twitter)' });
    const built = (caption as HTMLTextAreaElement).value;
    expect(built).toMatch(/^Street food tour/);
    await user.clear(caption);
    await user.type(caption, 'Night market, late');
    await user.click(form.getByRole('link', { name: 'Change time zone' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/security'));
    // The panel is gone once the Security screen shows.
    await screen.findByRole('heading', { name: 'Time zone' });
    expect(screen.queryByRole('form', { name: 'Publish Street food tour' })).not.toBeInTheDocument();

    await app.router.navigate('/video/31');
    const again = within(await screen.findByRole('form', { name: 'Publish Street food tour' }));
    expect(await again.findByText('Draft restored:')).toBeInTheDocument();
    expect(again.getByRole('textbox', { name: 'Post on X (Twitter)' })).toHaveValue('Night market, late');
    await user.click(again.getByRole('button', { name: 'Discard draft' }));
    expect(again.getByRole('textbox', { name: 'Post on X (Twitter)' })).toHaveValue(built);
    expect(again.queryByText('Draft restored:')).not.toBeInTheDocument();
  });
});
