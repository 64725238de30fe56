import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { platformCard, throughAuthorizePage } from './support/accounts';
import { uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { expireTokens } from './support/emulator';
import { screenshot } from './support/screenshots';
import { atPath, visible } from './support/ui';

const e2e = useE2e();

/** A publish runs in the background; the page hears how it went from its live stream. */
const eventually = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 60_000 });

describe('an account the platform no longer accepts', () => {
  it('keeps its post scheduled, waiting in words for the reconnect, and leads to Accounts', async () => {
    const user = await e2e.workspace();
    const video = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('harbour'),
      'Harbour at dawn',
    );
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'Facebook', 'Approve');

    // Facebook now refuses the Page token as expired, and a Page token cannot be renewed.
    await expireTokens(e2e.emulatorUrl, 'facebook');
    const res = await fetch(`${e2e.apiBase}/api/videos/${video.id}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ targets: [{ platform: 'facebook' }] }),
    });
    expect(res.status, await res.clone().text()).toBe(201);

    await page.goto('/posts');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Harbour at dawn' }) });
    await eventually(row.getByText('Waiting: reconnect Facebook on Accounts'));
    await visible(row.getByText('Scheduled', { exact: true }));
    await visible(row.getByText(/Session has expired/));
    await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'posts-waiting-for-reconnect');

    await row.getByRole('link', { name: 'Accounts' }).click();
    await atPath(page, '/accounts');
    await visible(platformCard(page, 'Facebook').getByText('Needs reconnect'));
  }, 120_000);
});
