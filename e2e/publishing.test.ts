import { PLATFORMS, utcToZoned, type User } from '@fanout/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectAllSandboxAccounts, throughAuthorizePage } from './support/accounts';
import { uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { clearFaults, injectFault, publishedItems } from './support/emulator';
import { screenshot } from './support/screenshots';
import { hidden, tickPlatform, visible } from './support/ui';

const e2e = useE2e();

/** The zone the test browser runs in; the app adopts it as the new user's own at first sign-in. */
const ZONE = 'Europe/Berlin';
/** The words X answers with while the fault is in place, as the person must see them. */
const REFUSAL = 'This account may not post videos right now.';
/** Long enough for the scheduled minute to come and for six uploads after it; polled, never slept. */
const PUBLISH_WAIT_MS = 100_000;

const publishForm = (page: Page, title: string) => page.getByRole('form', { name: `Publish ${title}` });
const postOf = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: label, exact: true });

/** Waits for a state that comes with time (the scheduled minute, a platform's processing), polling the page. */
const eventually = (locator: Locator, timeout = 30_000) => locator.waitFor({ state: 'visible', timeout });

async function userZone(token: string): Promise<string> {
  const res = await fetch(`${e2e.apiBase}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { user: User }).user.timeZone;
}

/** The first whole minute at least `leadMs` away, as an instant and as the date-time input takes it in ZONE. */
function nextMinute(leadMs: number) {
  const at = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
  const { date, time } = utcToZoned(at, ZONE);
  return { at, local: `${date}T${time}` };
}

async function uploadThroughLibrary(page: Page, file: string, title: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload Videos' });
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(file);
  await hidden(modal);
  const card = page.getByRole('article', { name: title, exact: true });
  await visible(card.getByText('Awaiting Details'));
  await card.getByRole('heading').getByRole('link', { name: title }).click();
  await visible(page.getByRole('heading', { name: title, level: 1 }));
}

/** Publish now to X with X refusing: its words on screen; the fault gone, Retry publishes it. */
async function refusedThenRetried(page: Page, videoId: number, title: string) {
  await injectFault(e2e.emulatorUrl, { platform: 'x', kind: 'reject', step: 'initialize', message: REFUSAL });
  await page.goto(`/video/${videoId}`);
  const form = publishForm(page, title);
  await form.getByRole('checkbox', { name: 'X (Twitter)', exact: true }).check();
  await form.getByRole('button', { name: 'Publish now' }).click();

  const post = postOf(page, 'X (Twitter)');
  await eventually(post.getByText('Failed', { exact: true }));
  await visible(post.getByText(REFUSAL, { exact: true }));
  await screenshot(page, 'post-refused');

  await clearFaults(e2e.emulatorUrl);
  await post.getByRole('button', { name: 'Retry', exact: true }).click();
  await eventually(post.getByText('Published', { exact: true }));
  await visible(post.getByRole('link', { name: 'View post on X (Twitter)' }));
  expect(await post.getByText(REFUSAL).count(), 'the old refusal is gone once published').toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('publishing', () => {
  it('publishes one video to all six sandbox accounts at a time a minute ahead; a refused post shows the platform’s words and goes out on Retry', async () => {
    const user = await e2e.workspace();
    const other = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('harbour'),
      'Harbour at dawn',
    );
    const page = await e2e.open({ session: user });
    await connectAllSandboxAccounts(page, e2e.origin);
    // The app takes the browser's zone as the new user's own; scheduled times are read in it.
    await expect.poll(() => userZone(user.token)).toBe(ZONE);

    const title = 'lisbon-tram';
    await uploadThroughLibrary(page, e2e.fixtures.portraitMp4(title), title);
    const form = publishForm(page, title);
    for (const platform of PLATFORMS) await tickPlatform(form, platform.label);
    // TikTok wants the person to choose who sees the post, every time: nothing is chosen for them.
    const privacy = form.getByLabel('TikTok privacy');
    expect(await privacy.inputValue()).toBe('');
    await privacy.selectOption({ label: 'Only me' });
    // What TikTok's Direct Post audit asks to see: the account by its nickname, the commercial-content
    // disclosure, and the declaration before the buttons.
    await visible(form.getByText('Posting to TikTok as Fanout Sandbox (@fanout.sandbox)', { exact: false }));
    await form.getByRole('checkbox', { name: 'Disclose video content' }).check();
    await form.getByRole('checkbox', { name: 'Your brand' }).check();
    expect(await form.getByRole('checkbox', { name: 'Branded content' }).isDisabled(), 'not with Only me').toBe(true);
    await visible(form.getByText('Your video will be labeled “Promotional content”.'));
    await visible(form.getByText(/By posting, you agree to TikTok’s Music Usage Confirmation/));
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The sandbox's r/clips requires a flair: once it is named, its flairs are offered by their text.
    await form.getByLabel('Subreddit').fill('clips');
    const flair = form.getByLabel('Reddit flair');
    await expect.poll(() => flair.locator('option').allInnerTexts()).toContain('Showcase');
    await flair.selectOption({ label: 'Showcase' });

    const due = nextMinute(15_000);
    await form.getByLabel('Date and time').fill(due.local);
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await visible(form.getByRole('status').filter({ hasText: /^Scheduled on / }));
    for (const platform of PLATFORMS) {
      await visible(postOf(page, platform.label).getByText('Scheduled', { exact: true }));
    }
    expect(Date.now(), 'the minute has not come yet').toBeLessThan(due.at);

    // While the scheduled minute comes: a refused post, in a window of its own.
    const second = await e2e.open({ session: user });
    await refusedThenRetried(second, other.id, other.title);

    // Back on the scheduled video: all six go out at their time, each with its live link.
    for (const platform of PLATFORMS) {
      const post = postOf(page, platform.label);
      await eventually(
        post.getByText('Published', { exact: true }),
        Math.max(0, due.at - Date.now()) + PUBLISH_WAIT_MS,
      );
      await visible(post.getByRole('link', { name: `View post on ${platform.label}` }));
    }
    expect(Date.now(), 'nothing went out before its time').toBeGreaterThanOrEqual(due.at);
    await visible(page.getByRole('heading', { name: title, level: 1 }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'publish-panel');

    // Each platform has the video exactly once, and X the retried one too; every link opens the live post.
    const live = await publishedItems(e2e.emulatorUrl);
    const ofVideo = live.filter((item) => `${item.title} ${item.caption}`.includes(title));
    expect(ofVideo.map((item) => item.platform).sort()).toEqual(PLATFORMS.map((p) => p.key).sort());
    expect(live.filter((item) => item.platform === 'x')).toHaveLength(2);
    const links = await page
      .getByRole('list', { name: 'Posts' })
      .getByRole('link', { name: /^View post on / })
      .evaluateAll((anchors: HTMLAnchorElement[]) => anchors.map((a) => a.href));
    expect(links).toHaveLength(6);
    for (const link of links) expect((await second.goto(link))?.status(), link).toBe(200);

    // My Posts: all seven, every one published, with its link.
    await page.goto('/posts');
    const table = page.getByRole('table', { name: 'Posts' });
    await visible(table);
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect.poll(() => rows.count()).toBe(7);
    expect(await rows.filter({ hasText: 'Published' }).count()).toBe(7);
    expect(await table.getByRole('link', { name: /^View post on / }).count()).toBe(7);
    expect(await rows.filter({ hasText: 'Harbour at dawn' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'my-posts');
  }, 180_000);

  it('schedules the videos selected in the library to two platforms, an hour apart, and lists them in My Posts', async () => {
    const user = await e2e.workspace();
    for (const title of ['Morning market', 'Evening ferry']) {
      await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.portraitMp4(title), title);
    }
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    for (const label of ['YouTube', 'Reddit']) await throughAuthorizePage(page, e2e.origin, label, 'Approve');
    await expect.poll(() => userZone(user.token)).toBe(ZONE);

    await page.goto('/dashboard');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule 2 videos' });
    await dialog.getByRole('checkbox', { name: 'YouTube' }).check();
    await dialog.getByRole('checkbox', { name: 'Reddit' }).check();
    await dialog.getByLabel('Reddit: subreddit').fill('r/travel');
    const first = nextMinute(60 * 60_000);
    await dialog.getByLabel('First video at').fill(first.local);
    await dialog.getByLabel('Space them by (minutes)').fill('60');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-schedule');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await hidden(dialog);
    await visible(page.getByRole('status').filter({ hasText: '4 posts scheduled.' }));

    await page.goto('/posts');
    const table = page.getByRole('table', { name: 'Posts' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.filter({ hasText: 'Scheduled' }).count()).toBe(4);
    const times = new Set(
      await rows.evaluateAll((trs: HTMLTableRowElement[]) => trs.map((tr) => tr.cells[2]?.textContent)),
    );
    expect(times.size, 'two times, an hour apart').toBe(2);
    await page.getByLabel('Platform').selectOption({ label: 'Reddit' });
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByRole('button', { name: 'Cancel post' }).click();
    await visible(rows.first().getByText('Cancelled', { exact: true }));
  });
});
