import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { listProjects, listVideos, updateVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { clearFaults, injectFault } from './support/emulator';
import { screenshot } from './support/screenshots';
import { atPath, hidden, tickPlatform, visible } from './support/ui';

const e2e = useE2e();

const PHONE = { width: 390, height: 844 };
/** X's words while the fault is in place. */
const REFUSAL = 'This account may not post videos right now.';
const TITLE = 'first-harbour';

const steps = (page: Page) => page.getByRole('region', { name: 'Get started in three steps' });
const step = (page: Page, name: string) => steps(page).getByRole('listitem').filter({ hasText: name });
/** Waits for what comes with time (a platform's processing), polling the page. */
const eventually = (locator: Locator, timeout = 60_000) => locator.waitFor({ state: 'visible', timeout });

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: no sideways scrolling at 390 px`).toBeLessThanOrEqual(0);
}

async function axeClean(page: Page, what: string) {
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

describe("a creator's first hour", () => {
  it('ticks the three first steps as a new person connects, uploads and publishes, then shows each platform’s own state on the card', async () => {
    const user = await e2e.signUp('firstrun');
    const page = await e2e.open({ session: user });

    // A new project: three steps, none done.
    await page.goto('/dashboard');
    await visible(steps(page));
    await visible(steps(page).getByText('0 of 3 done'));
    await axeClean(page, 'the Videos screen with the first steps');
    await screenshot(page, 'first-run-steps');

    // 1. Connect: YouTube and X, through their authorize pages.
    await steps(page).getByRole('link', { name: 'Open Accounts' }).click();
    await atPath(page, '/accounts');
    await throughAuthorizePage(page, e2e.origin, 'YouTube', 'Approve');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Videos' }).click();
    await visible(steps(page).getByText('1 of 3 done'));
    await visible(step(page, 'Connect an account').getByText('Done', { exact: true }));

    // 2. Upload, from the step's own button.
    await steps(page).getByRole('button', { name: 'Upload', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Upload Videos' });
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Choose Files' }).click();
    await (await chooser).setFiles(e2e.fixtures.portraitMp4(TITLE));
    await hidden(modal);
    await visible(page.getByRole('article', { name: TITLE, exact: true }).getByText('Awaiting Details'));
    await visible(steps(page).getByText('2 of 3 done'));
    await visible(step(page, 'Upload a video').getByText('Done', { exact: true }));

    // 3. Publish now to both; X refuses it.
    await injectFault(e2e.emulatorUrl, { platform: 'x', kind: 'reject', step: 'initialize', message: REFUSAL });
    await page.getByRole('article', { name: TITLE, exact: true }).getByRole('heading').getByRole('link').click();
    const form = page.getByRole('form', { name: `Publish ${TITLE}` });
    await tickPlatform(form, 'YouTube');
    await tickPlatform(form, 'X (Twitter)');
    await form.getByRole('button', { name: 'Publish now' }).click();
    const posts = page.getByRole('list', { name: 'Posts' });
    await eventually(
      posts.getByRole('listitem', { name: 'X (Twitter)', exact: true }).getByText('Failed', { exact: true }),
    );
    await eventually(
      posts.getByRole('listitem', { name: 'YouTube', exact: true }).getByText('Published', { exact: true }),
    );
    await clearFaults(e2e.emulatorUrl);

    // The details also name Instagram, which was never sent the video.
    const [project] = await listProjects(e2e.apiBase, user.token);
    const [video] = await listVideos(e2e.apiBase, user.token, project!.id);
    await updateVideo(e2e.apiBase, user.token, video!.id, { platforms: ['instagram', 'youtube', 'x'] });

    // All three done: the steps are gone; the card names each platform with its own state.
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: TITLE, exact: true });
    await visible(card);
    await hidden(steps(page));
    const platforms = card.getByRole('list', { name: 'Platforms' }).getByRole('listitem');
    expect(await platforms.allTextContents()).toEqual([
      'Instagram: not posted',
      'YouTube: published',
      'X (Twitter): failed',
    ]);
    await axeClean(page, 'the library with per-platform states');
    await screenshot(page, 'library-platform-states');

    // Activity says the posts were sent at once, not "scheduled … for" the moment they were made.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await visible(page.getByRole('link', { name: `“${TITLE}” was sent to X to be published now.` }));
    await visible(page.getByRole('link', { name: `“${TITLE}” was sent to YouTube to be published now.` }));
    expect(await page.getByText(`“${TITLE}” was scheduled`).count()).toBe(0);

    // Planning, from the navigation: an idea for the published video goes to Published.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Planning' }).click();
    await atPath(page, '/planning');
    await page.getByRole('button', { name: 'New idea' }).click();
    const dialog = page.getByRole('dialog', { name: 'New idea' });
    await dialog.getByLabel('Title').fill('Harbour, the sequel');
    await dialog.getByLabel('Video').selectOption({ label: TITLE });
    await visible(dialog.getByText('This video has a published post, so the idea goes to Published.'));
    await dialog.getByRole('button', { name: 'Add idea' }).click();
    await hidden(dialog);
    const published = page.getByRole('region', { name: /^Published/ });
    await visible(published.getByRole('heading', { name: 'Harbour, the sequel', level: 3 }));
    await axeClean(page, 'Planning');
  }, 240_000);

  it('opens Recent and Shared from the header menu at 390×844, and Recent lists what just changed', async () => {
    const user = await e2e.workspace({ videos: ['Phone pier'] });
    const page = await e2e.open({ session: user, viewport: PHONE });
    await page.goto('/dashboard');
    await visible(page.getByRole('article', { name: 'Phone pier' }));
    await visible(steps(page));
    await noSidewaysScroll(page, 'the Videos screen with the first steps');
    await axeClean(page, 'the Videos screen at 390 px');
    await screenshot(page, 'mobile-first-run-steps');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('navigation', { name: 'Files' }).getByRole('link', { name: 'Recent' }).click();
    await atPath(page, '/recent');
    await hidden(menu);
    await visible(page.getByRole('heading', { name: 'Recent', level: 1 }));
    const recent = page.getByRole('list', { name: 'Recent changes' });
    await visible(recent.getByRole('link', { name: /Phone pier/ }));
    await noSidewaysScroll(page, 'Recent');
    await axeClean(page, 'Recent at 390 px');
    await screenshot(page, 'mobile-recent');
    await recent.getByRole('link', { name: /Phone pier/ }).click();
    await visible(page.getByRole('heading', { name: 'Phone pier', level: 1 }));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('navigation', { name: 'Files' }).getByRole('link', { name: 'Shared' }).click();
    await atPath(page, '/shared');
    await visible(page.getByRole('heading', { name: 'No projects are shared with you' }));
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
    await noSidewaysScroll(page, 'Shared');
    await axeClean(page, 'Shared at 390 px');
    await screenshot(page, 'mobile-shared');

    // Planning is in the menu's navigation too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Planning' }).click();
    await atPath(page, '/planning');
    await visible(page.getByRole('heading', { name: 'Planning', level: 1 }));
    // The board's phone layout (and its axe check at this size) belongs to the phone-layout work.
    await visible(page.getByRole('region', { name: /^Idea/ }));
  });

  it('shows Recent and Shared at desktop size, axe-clean', async () => {
    const user = await e2e.workspace({ videos: ['Desk pier'] });
    const page = await e2e.open({ session: user });
    await page.goto('/recent');
    await visible(page.getByRole('list', { name: 'Recent changes' }).getByRole('link', { name: /Desk pier/ }));
    await axeClean(page, 'Recent');
    await screenshot(page, 'recent');
    await page.goto('/shared');
    await visible(page.getByRole('heading', { name: 'No projects are shared with you' }));
    await axeClean(page, 'Shared');
  });
});
