import type { PlatformKey } from '@fanout/contracts';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { clearFaults, injectFault } from './support/emulator';
import { screenshot } from './support/screenshots';
import { atPath, hidden, visible } from './support/ui';

const e2e = useE2e();

/** The words X answers with while the fault is in place. */
const REFUSAL = 'This account may not post videos right now.';

/** Publishes now through the API, as another device would: the open page hears of it only from its stream. */
async function publishNow(token: string, videoId: number, platform: PlatformKey) {
  const res = await fetch(`${e2e.apiBase}/api/videos/${videoId}/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ targets: [{ platform }] }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** A publish runs in the background; the bell changes when it ends. */
const eventually = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 60_000 });

describe('the notification bell', () => {
  it('announces a published and a refused post live, with the platform’s words, and leads to the video', async () => {
    const user = await e2e.workspace();
    const harbour = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('harbour'),
      'Harbour at dawn',
    );
    const lighthouse = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('lighthouse'),
      'Lighthouse',
    );
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));

    await publishNow(user.token, harbour.id, 'x');
    await eventually(page.getByRole('button', { name: 'Notifications, 1 unread' }));

    await injectFault(e2e.emulatorUrl, { platform: 'x', kind: 'reject', step: 'initialize', message: REFUSAL });
    try {
      await publishNow(user.token, lighthouse.id, 'x');
      await eventually(page.getByRole('button', { name: 'Notifications, 2 unread' }));
    } finally {
      await clearFaults(e2e.emulatorUrl);
    }

    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const list = page.getByRole('menu', { name: 'Latest notifications' });
    await visible(list);
    const items = list.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual([
      `“Lighthouse” could not be published on X: ${REFUSAL}just nowUnread`,
      '“Harbour at dawn” was published on X.just nowUnread',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'notifications');

    await items.first().click();
    await atPath(page, `/video/${lighthouse.id}`);
    await hidden(list);
    await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await visible(page.getByRole('button', { name: 'Notifications', exact: true }));
  }, 120_000);
});
