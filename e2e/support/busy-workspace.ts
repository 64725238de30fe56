import type { AnalyticsReport, Post } from '@fanout/contracts';
import { expect } from 'vitest';
import { throughAuthorizePage } from './accounts';
import { call, updateVideo } from './api';
import type { E2e, Workspace } from './e2e';
import { clearFaults, injectFault } from './emulator';
import { dayAhead as daysAhead, instantOf as instantIn } from './zoned-days';

/**
 * A workspace with something on every screen, as after a creator's first weeks: videos awaiting details and
 * ready, posts scheduled (three at one time), published, failed and cancelled on X and Facebook, their figures
 * synced, and ideas on the planning board. The person's zone is the browser's (Europe/Berlin).
 */

export const ZONE = 'Europe/Berlin';
export const SAME_TIME = '09:00';
/** The day of the three posts at SAME_TIME: this many days after the day the workspace is made. */
const BUSY_DAY_AHEAD = 2;
export const LONG_TITLE = 'The lighthouse keeper’s last winter on the island, told by the people of the harbour';
const TITLES = ['Harbour at dawn', 'Market tour', 'Night ferry', LONG_TITLE, 'Rainy pier', 'Awaiting its details'];

const dayAhead = (days: number) => daysAhead(days, ZONE);
const instantOf = (local: string) => instantIn(local, ZONE);

export interface BusyWorkspace extends Workspace {
  /** `YYYY-MM-DD` (on ZONE's clocks) of the three posts at SAME_TIME: a test counts days to it from its own today,
   * since midnight may pass between making the workspace and the test. */
  busyDay: string;
}

/** Connects X and Facebook through their authorize pages (a desktop tab), then fills the project through the API. */
export async function busyWorkspace(e2e: E2e): Promise<BusyWorkspace> {
  const user = await e2e.workspace({ videos: TITLES });
  const page = await e2e.open({ session: user });
  const api = <T>(path: string, method = 'GET', body?: unknown) =>
    call<T>(e2e.apiBase, path, { method, token: user.token, body: body ? JSON.stringify(body) : undefined });
  await api('/auth/me', 'PATCH', { timeZone: ZONE });
  await page.goto('/accounts');
  await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
  await throughAuthorizePage(page, e2e.origin, 'Facebook', 'Approve');

  const [harbour, market, ferry, lighthouse, pier] = user.videos;
  for (const video of [harbour!, market!, ferry!, lighthouse!, pier!]) {
    await updateVideo(e2e.apiBase, user.token, video.id, { platforms: ['x', 'facebook'], status: 'ready' });
  }
  const post = (videoId: number, platforms: string[], at?: string) =>
    api<{ posts: Post[] }>(`/videos/${videoId}/posts`, 'POST', {
      targets: platforms.map((platform) => ({ platform })),
      ...(at ? { scheduledAt: instantOf(at) } : {}),
    });

  // Published on X, refused by Facebook.
  await injectFault(e2e.emulatorUrl, { platform: 'facebook', kind: 'reject', message: 'This video cannot be posted' });
  let now: Post[];
  try {
    now = (await post(harbour!.id, ['x', 'facebook'])).posts;
    await expect
      .poll(async () => Promise.all(now.map(async (p) => (await api<{ post: Post }>(`/posts/${p.id}`)).post.status)), {
        timeout: 60_000,
        interval: 250,
      })
      .toEqual(['published', 'failed']);
  } finally {
    await clearFaults(e2e.emulatorUrl);
  }
  // Published on both, so the chart has two lines.
  const both = (await post(ferry!.id, ['x', 'facebook'])).posts;
  await expect
    .poll(async () => Promise.all(both.map(async (p) => (await api<{ post: Post }>(`/posts/${p.id}`)).post.status)), {
      timeout: 60_000,
      interval: 250,
    })
    .toEqual(['published', 'published']);

  // Three posts at one time, one the next day, one cancelled.
  const busyDay = dayAhead(BUSY_DAY_AHEAD);
  await post(market!.id, ['x', 'facebook'], `${busyDay}T${SAME_TIME}`);
  await post(lighthouse!.id, ['x'], `${busyDay}T${SAME_TIME}`);
  await post(lighthouse!.id, ['facebook'], `${dayAhead(3)}T14:30`);
  const [cancelled] = (await post(pier!.id, ['x'], `${dayAhead(4)}T18:00`)).posts;
  await api(`/posts/${cancelled!.id}`, 'DELETE');

  // Figures, read until the sandbox has seen the posts.
  await expect
    .poll(
      async () => {
        await api('/analytics/sync', 'POST', { project_id: user.project.id });
        const report = await api<AnalyticsReport>(`/analytics?project_id=${user.project.id}`);
        return report.totals.views > 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);

  const idea = (title: string, column: string, extra: object = {}) =>
    api('/ideas', 'POST', { project_id: user.project.id, title, column, ...extra });
  await idea('Harbour timelapse', 'idea', { notes: 'Sunrise from the east pier', dueDate: dayAhead(10) });
  await idea('Fish market at 5 am', 'idea');
  await idea('Pier in the rain', 'drafting', { notes: 'Wait for a grey morning' });
  await idea('Rainy pier, the cut', 'ready', { videoId: pier!.id });
  await idea('Ferry crossing in fog', 'published', { videoId: ferry!.id });
  await idea('Lighthouse interviews', 'scheduled', { videoId: lighthouse!.id });
  return { ...user, busyDay };
}
