import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { liveEventsStub } from '@/test/event-stream-stub';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

function event(id: number, overrides: Partial<ActivityEvent>): ActivityEvent {
  return {
    id: `activity-${id}`,
    type: 'video.uploaded',
    at: new Date(2026, 10, 22, 9, id).toISOString(),
    actor: 'you',
    subject: { kind: 'video', id: String(id), title: 'Harbour at dawn' },
    message: '“Harbour at dawn” was uploaded.',
    link: `/video/${id}`,
    detail: null,
    ...overrides,
  };
}

const signInEvent = (id: number) =>
  event(id, {
    id: `security-${id}`,
    type: 'security.sign_in',
    subject: { kind: 'account', id: '1', title: 'Your account' },
    message: 'Signed in with the password and an authenticator code',
    link: '/security',
    detail: 'Firefox on Windows · 203.0.113.7',
  });

const FIRST = 'GET /api/activity?project_id=1&limit=30';

describe('activity screen', () => {
  it("lists the project's trail with the account's events marked, links each to its subject, and loads more", async () => {
    signIn();
    const routes = workspaceRoutes();
    routes[FIRST] = {
      body: {
        events: [
          event(9, { type: 'post.published', message: '“Harbour at dawn” was published on X.', actor: 'Fanout' }),
          signInEvent(8),
        ],
        nextCursor: 'next',
      },
    };
    routes[`${FIRST}&cursor=next`] = {
      body: { events: [event(3, { message: '“Old clip” was uploaded.' })], nextCursor: null },
    };
    stubFetch(routes);
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(2);
    expect(within(items()[0]!).getByRole('link', { name: '“Harbour at dawn” was published on X.' })).toHaveAttribute(
      'href',
      '/video/9',
    );
    expect(items()[0]).toHaveTextContent('Fanout · 22. Nov. 2026, 09:09');
    expect(items()[0]).not.toHaveTextContent('Account');
    expect(items()[1]).toHaveTextContent('Account');
    expect(items()[1]).toHaveTextContent('Your account, all projects · Firefox on Windows · 203.0.113.7');
    expect(within(items()[1]!).getByRole('link')).toHaveAttribute('href', '/security');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('“Old clip” was uploaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by type', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes[FIRST] = { body: { events: [event(2, {}), signInEvent(1)], nextCursor: null } };
    routes[`${FIRST}&type=security.sign_in`] = { body: { events: [signInEvent(1)], nextCursor: null } };
    stubFetch(routes);
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'security.sign_in');
    await screen.findByText('Signed in with the password and an authenticator code');
    expect(within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('puts a new event from the live stream on top', async () => {
    signIn();
    const live = liveEventsStub();
    const routes = workspaceRoutes();
    routes['GET /api/events'] = live.route;
    routes[FIRST] = { body: { events: [event(1, {})], nextCursor: null } };
    stubFetch(routes);
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Activity' });
    live.send('activity', {
      projectId: 2,
      event: event(5, { id: 'activity-5', message: 'Another project’s event' }),
    });
    live.send('activity', {
      projectId: 1,
      event: event(4, { type: 'video.details_saved', message: 'The details of “Harbour at dawn” were saved.' }),
    });
    expect(await within(list).findByText('The details of “Harbour at dawn” were saved.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('were saved');
    expect(within(list).queryByText('Another project’s event')).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes[FIRST] = { body: { events: [], nextCursor: null } };
    stubFetch(routes);
    renderApp('/activity');
    expect(await screen.findByText('No activity to show')).toBeInTheDocument();
  });
});
