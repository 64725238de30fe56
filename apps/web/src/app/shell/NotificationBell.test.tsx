import type { Notification, Post } from '@fanout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { liveEventsStub } from '@/test/event-stream-stub';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    kind: 'published',
    projectId: 1,
    platform: 'tiktok',
    postId: 31,
    videoId: 12,
    message: '“Harbour at dawn” was published on TikTok.',
    link: '/video/12',
    read: false,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

const failed = buildNotification({
  id: 2,
  kind: 'failed',
  platform: 'x',
  postId: 32,
  message: '“Harbour at dawn” could not be published on X: You are not permitted to post duplicate content.',
  createdAt: minutesAgo(2),
});
const reconnect = buildNotification({
  id: 3,
  kind: 'needs_reconnect',
  platform: 'reddit',
  postId: null,
  videoId: null,
  message: 'Your Reddit account needs reconnecting.',
  link: '/accounts',
  createdAt: minutesAgo(180),
});

function start(routes: StubRoutes, path = '/accounts') {
  signIn();
  const stub = stubFetch(routes);
  const view = renderApp(path);
  return { ...stub, ...view, user: userEvent.setup() };
}

function withNotifications(notifications: Notification[], unread: number) {
  const routes = workspaceRoutes({ projects: [buildProject({ id: 1 })] });
  routes['GET /api/notifications'] = { body: { notifications, unread } };
  return routes;
}

describe('the notification bell', () => {
  it('shows the unread count and lists what happened, newest first, with how long ago', async () => {
    const { user } = start(withNotifications([failed, buildNotification(), reconnect], 2));
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');

    await user.click(bell);
    const items = within(screen.getByRole('menu', { name: 'Latest notifications' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${failed.message}2 minutes agoUnread`,
      '“Harbour at dawn” was published on TikTok.5 minutes agoUnread',
      `${reconnect.message}3 hours agoUnread`,
    ]);
    expect(items[2]).toHaveAttribute('href', '/accounts');
  });

  it('says when there is nothing, without a count', async () => {
    const { user } = start(withNotifications([], 0));
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveTextContent(/You're all caught up/);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it("follows a notification to its post's video, closing the menu and marking it read", async () => {
    const routes = withNotifications([buildNotification()], 1);
    routes['POST /api/notifications/read'] = { body: { unread: 0 } };
    routes['GET /api/videos/12'] = { body: buildVideo({ id: 12, title: 'Harbour at dawn' }) };
    const { user, router, calls } = start(routes);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('menuitem', { name: /was published on TikTok/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/video/12'));
    expect(screen.queryByRole('dialog', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/notifications/read')?.body).toEqual({ ids: [1] });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const routes = withNotifications([failed, buildNotification()], 2);
    routes['POST /api/notifications/read'] = { body: { unread: 0 } };
    const { user, calls } = start(routes);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/notifications/read')?.body).toEqual({ all: true });
    const items = screen.getAllByRole('menuitem');
    expect(items.every((item) => !item.textContent?.includes('Unread'))).toBe(true);
  });
});

describe('live events', () => {
  it('puts a notification from the stream on the bell at once, and announces it', async () => {
    const live = liveEventsStub();
    const routes = withNotifications([buildNotification({ read: true })], 0);
    routes['GET /api/events'] = live.route;
    const { user, calls } = start(routes);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(live.openCount()).toBe(1));
    expect(calls.find((c) => c.url === '/api/events')?.headers.get('authorization')).toBe('Bearer test-token');

    live.send('notification', { notification: failed, unread: 1 });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The live region is filled by an effect after the badge's render, so it may come a moment later.
    await waitFor(() => {
      const announced = screen.getAllByRole('status').filter((region) => region.textContent === failed.message);
      expect(announced).toHaveLength(1);
    });
    await user.click(bell);
    expect(screen.getAllByRole('menuitem')[0]).toHaveTextContent(failed.message);
    // The list was not fetched again: the event carried everything.
    expect(calls.filter((c) => c.url === '/api/notifications')).toHaveLength(1);
  });

  it('refreshes the videos when one of their posts changes', async () => {
    const live = liveEventsStub();
    let status: 'scheduled' | 'published' = 'scheduled';
    const video = () => buildVideo({ id: 12, title: 'Harbour at dawn', status });
    const routes = withNotifications([], 0);
    routes['GET /api/events'] = live.route;
    routes['GET /api/videos?project_id=1'] = () => ({ body: [video()] });
    start(routes, '/dashboard');
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();
    await waitFor(() => expect(live.openCount()).toBe(1));
    const card = () => screen.getByText('Harbour at dawn').closest('article, li, tr, [role="row"]') ?? document.body;
    expect(within(card() as HTMLElement).getByText('Scheduled')).toBeInTheDocument();

    status = 'published';
    live.send('post', { post: buildPost({ status: 'published' }) });

    expect(await within(card() as HTMLElement).findByText('Published')).toBeInTheDocument();
  });

  it('connects again after the stream drops, and reads what it missed', async () => {
    const live = liveEventsStub();
    const routes = withNotifications([], 0);
    routes['GET /api/events'] = live.route;
    let notifications: Notification[] = [];
    routes['GET /api/notifications'] = () => ({ body: { notifications, unread: notifications.length } });
    start(routes);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(live.openCount()).toBe(1));

    notifications = [failed];
    live.drop();

    await waitFor(() => expect(live.requests()).toBe(2));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('closes the stream when the person signs out', async () => {
    const live = liveEventsStub();
    const routes = withNotifications([], 0);
    routes['GET /api/events'] = live.route;
    routes['POST /api/auth/logout'] = { body: { ok: true } };
    const { user, router } = start(routes);
    await waitFor(() => expect(live.openCount()).toBe(1));

    await user.click(await screen.findByRole('button', { name: 'Account menu for mia.creates' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(live.openCount()).toBe(0);
    expect(live.requests()).toBe(1);
  });
});

function buildPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 31,
    videoId: 12,
    projectId: 1,
    platform: 'tiktok',
    connectionId: 500,
    status: 'publishing',
    scheduledAt: minutesAgo(1),
    startedAt: minutesAgo(1),
    publishedAt: null,
    url: null,
    platformPostId: null,
    appliedPrivacy: null,
    progress: { step: 'upload', bytesSent: 0, bytesTotal: 1024 },
    error: null,
    attempts: 1,
    createdAt: minutesAgo(1),
    caption: null,
    options: {},
    retryAt: null,
    videoTitle: 'Harbour at dawn',
    accountName: 'harbour.films',
    firstComment: null,
    ...overrides,
  };
}
