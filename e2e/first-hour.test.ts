import { PLATFORMS, utcToZoned } from '@fanout/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectAllSandboxAccounts } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { publishedItems } from './support/emulator';
import { screenshot } from './support/screenshots';
import { atPath, hidden, poll, visible } from './support/ui';

/**
 * A new creator's first hour, as one person walks it: sign up, upload two real videos, type the details and
 * leave to connect the accounts, then publish with a platform that refuses the video and a Reddit post that
 * has to be corrected. Each step checks what the person would notice (issue items 1–5).
 */
const e2e = useE2e();

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Long enough for five sandbox platforms to take a short video; polled, never slept. */
const PUBLISH_WAIT_MS = 60_000;
const PASSWORD = 'harbour lights 2030';

const eventually = (locator: Locator, timeout = PUBLISH_WAIT_MS) => locator.waitFor({ state: 'visible', timeout });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const noAxeViolations = async (page: Page, where: string) =>
  expect(await seriousAxeViolations(page), `axe on ${where}`).toEqual([]);

async function signUp(page: Page, name: string) {
  const username = `${name}${Date.now().toString(36)}`;
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Mia Becker');
  await page.getByLabel('E-mail').fill(`${username}@example.com`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await atPath(page, '/');
  await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
}

async function uploadBoth(page: Page, files: string[]) {
  await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload Videos' });
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(files);
  await hidden(modal);
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function openDetails(page: Page, title: string) {
  await page.goto('/dashboard');
  await card(page, title).getByRole('button', { name: 'Add Details' }).click();
  return page.getByRole('dialog', { name: 'Add Video Details' });
}

/** The first whole minute an hour or more ahead, as the date-time input takes it in the browser's zone. */
function anHourAhead() {
  const { date, time } = utcToZoned(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000, 'Europe/Berlin');
  return `${date}T${time}`;
}

/** The posts of the video open in the page, as the API lists them. */
async function postsOfVideo(page: Page): Promise<unknown[]> {
  const id = new URL(page.url()).pathname.split('/').pop();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const res = await fetch(`${e2e.apiBase}/api/videos/${id}/posts`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { posts: unknown[] }).posts;
}

async function walk(viewport: { width: number; height: number }, tag: string) {
  const phone = viewport.width < 640;
  const shot = (page: Page, name: string) => (phone ? screenshot(page, `phone-${name}`) : Promise.resolve());
  const page = await e2e.open({ viewport });
  await signUp(page, `first${tag}`);

  // Two real videos, as a camera and a phone make them.
  const wide = `harbour-walk-${tag}`;
  const tall = `night-ferry-${tag}`;
  await uploadBoth(page, [
    e2e.fixtures.sizedMp4(wide, { width: 1920, height: 1080, seconds: 4 }),
    e2e.fixtures.sizedMp4(tall, { width: 1080, height: 1920, seconds: 4 }),
  ]);
  for (const title of [wide, tall]) await eventually(card(page, title).getByRole('button', { name: 'Add Details' }));

  // 1. Details typed before any account exists, then "Go to Accounts": nothing is lost.
  const title = `Harbour walk at dusk ${tag}`;
  let details = await openDetails(page, wide);
  await details.getByLabel('Video Title *').fill(title);
  await details.getByLabel('Description').fill('Fishing boats coming home at dusk.');
  await details.getByLabel('Tags (comma separated)').fill('harbour, dusk');
  expect(await details.getByRole('button', { name: 'Save & Continue' }).isDisabled()).toBe(true);
  await details.getByRole('link', { name: 'Go to Accounts' }).click();
  await atPath(page, '/accounts');
  await connectAllSandboxAccounts(page, e2e.origin);

  details = await openDetails(page, wide);
  await visible(details.getByRole('status').filter({ hasText: 'Draft restored:' }));
  expect(await details.getByLabel('Video Title *').inputValue(), 'item 1: the typed title came back').toBe(title);
  expect(await details.getByLabel('Description').inputValue()).toBe('Fishing boats coming home at dusk.');
  expect(await details.getByLabel('Tags (comma separated)').inputValue()).toBe('harbour, dusk');
  await noAxeViolations(page, 'the details with a restored draft');
  await shot(page, 'details-draft-restored');
  for (const platform of PLATFORMS) {
    await details.getByRole('button', { name: new RegExp(`^${platform.label.replace(/[()]/g, '\\$&')}`) }).click();
  }
  await details.getByRole('button', { name: 'Save & Continue' }).click();
  await hidden(details);

  // 4. The video's page: the platforms chosen in the details are ticked.
  await card(page, title).getByRole('heading').getByRole('link', { name: title }).click();
  await visible(page.getByRole('heading', { name: title, level: 1 }));
  const form = page.getByRole('form', { name: `Publish ${title}` });
  for (const platform of PLATFORMS) {
    const box = form.getByRole('checkbox', { name: platform.label, exact: true });
    expect(await box.isChecked(), `item 4: ${platform.label} ticked from the details`).toBe(true);
  }
  const privacy = form.getByLabel('TikTok privacy');
  await privacy.locator('option', { hasText: 'Only me' }).waitFor({ state: 'attached' });
  await privacy.selectOption({ label: 'Only me' });
  // A community the sandbox does not have: Reddit refuses it once the post is sent.
  await form.getByLabel('Subreddit').fill('no_such_place');

  // 2. A date and time typed, then Enter, with the post ready for the five others: nothing goes out, and
  // Schedule becomes the main action.
  const x = form.getByRole('checkbox', { name: 'X (Twitter)', exact: true });
  await x.uncheck();
  const when = form.getByLabel('Date and time');
  const local = anHourAhead();
  await when.fill(local);
  await when.press('Enter');
  await form.getByLabel('Subreddit').press('Enter');
  const actions = form.getByRole('button', { name: /^(Publish now|Schedule|Add to queue)$/ });
  await poll(() => actions.allInnerTexts(), 'item 2: Schedule comes first').toEqual([
    'Schedule',
    'Publish now',
    'Add to queue',
  ]);
  expect(await form.getByRole('button', { name: 'Schedule' }).getAttribute('class')).toContain('bg-brand-600');
  expect(await postsOfVideo(page), 'item 2: Enter published nothing').toEqual([]);
  await visible(page.getByText('Nothing published or scheduled yet.'));
  expect(await when.inputValue(), 'item 2: the date is still there').toBe(local);
  await when.fill('');
  await x.check();

  // 3. X refuses this video: the problems are listed by platform, focus on them; the five others go out.
  await form.getByRole('button', { name: 'Publish now' }).click();
  const summary = form.getByRole('alert').filter({ hasText: 'problems stop this post' });
  await visible(summary);
  await poll(() => isFocused(summary), 'item 3: focus moves to the list of problems').toBe(true);
  const refusal = summary.getByRole('link', {
    name: /^X \(Twitter\): X allows videos at most 1,280 pixels on their long side/,
  });
  await visible(refusal);
  await noAxeViolations(page, 'the publish panel with its problems');
  await shot(page, 'publish-problems');
  await refusal.click();
  expect(await isFocused(form.getByRole('list', { name: 'Other problems for X (Twitter)' }))).toBe(true);

  await summary.getByRole('button', { name: 'Publish to the 5 that pass' }).click();
  const question = page.getByRole('dialog', { name: 'Publish to the 5 that pass?' });
  await visible(question.getByText('X (Twitter) would refuse this post as it is, so it is left out.'));
  await noAxeViolations(page, 'the question before leaving X out');
  await shot(page, 'publish-question');
  await question.getByRole('button', { name: 'Leave X (Twitter) out and publish' }).click();
  await hidden(question);
  await visible(form.getByRole('status').filter({ hasText: /^Publishing to / }));

  const postOf = (label: string) =>
    page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: label, exact: true });
  for (const label of ['Instagram', 'TikTok', 'YouTube', 'Facebook']) {
    await eventually(postOf(label).getByText('Published', { exact: true }));
  }
  expect(await postOf('X (Twitter)').count(), 'X was left out').toBe(0);

  // 5. Reddit refused the community, in the sandbox's words; the post is corrected, then retried.
  const reddit = postOf('Reddit');
  await eventually(reddit.getByText('Failed', { exact: true }));
  await visible(reddit.getByText(/that community doesn't exist; this sandbox has r\/test/).first());
  await reddit.getByRole('button', { name: 'Edit and retry' }).click();
  const retry = page.getByRole('dialog', { name: 'Correct and retry the Reddit post' });
  const subreddit = retry.getByLabel('Subreddit');
  expect(await subreddit.inputValue()).toBe('no_such_place');
  await visible(retry.getByText(/^Communities you have joined: r\/test, r\/videos/));
  await subreddit.fill('videos');
  await noAxeViolations(page, 'the dialog that corrects the post');
  await shot(page, 'post-retry');
  await retry.getByRole('button', { name: 'Retry now' }).click();
  await hidden(retry);
  await eventually(reddit.getByText('Published', { exact: true }));
  const link = reddit.getByRole('link', { name: 'View post on Reddit' });
  expect(await link.getAttribute('href'), 'item 5: the corrected community').toContain('/r/videos/comments/');
  await noAxeViolations(page, 'the video page once published');

  // Each platform but X has the video once, Reddit the corrected post only.
  const live = (await publishedItems(e2e.emulatorUrl)).filter((item) =>
    `${item.title} ${item.caption}`.includes(title),
  );
  expect(live.map((item) => item.platform).sort()).toEqual(['facebook', 'instagram', 'reddit', 'tiktok', 'youtube']);
}

describe("a creator's first hour", () => {
  it('walks it at desktop size', () => walk(DESKTOP, 'd'), 240_000);
  it('walks it on a 390×844 phone', () => walk(PHONE, 'p'), 240_000);
});
