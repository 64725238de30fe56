import { PLATFORMS } from '@fanout/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { atPath, visible } from './support/ui';

const e2e = useE2e();

const card = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });

/** Connect → the platform's (emulated) authorize page → Approve or Deny → back on /accounts. */
async function throughAuthorizePage(page: Page, label: string, decision: 'Approve' | 'Deny') {
  await card(page, label)
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  await page.waitForURL((url) => url.origin !== new URL(e2e.origin).origin);
  await visible(page.getByText('Sandbox', { exact: true }));
  await page.getByRole('button', { name: decision }).click();
  await atPath(page, '/accounts');
}

describe('connected accounts', () => {
  it('connects all six sandbox accounts through their authorize pages, refuses a denied one, and disconnects one', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await visible(page.getByRole('heading', { name: 'Connected accounts', level: 1 }));

    await throughAuthorizePage(page, 'Reddit', 'Deny');
    await visible(
      page.getByRole('alert').filter({ hasText: 'Reddit was not connected: the authorization was declined.' }),
    );
    await visible(card(page, 'Reddit').getByText('Not connected'));

    for (const platform of PLATFORMS) {
      await throughAuthorizePage(page, platform.label, 'Approve');
      await visible(page.getByRole('status').filter({ hasText: `${platform.label} is connected.` }));
      const connected = card(page, platform.label);
      await visible(connected.getByText('Connected', { exact: true }));
      await visible(connected.getByText('Sandbox', { exact: true }));
      await visible(connected.getByRole('button', { name: `Disconnect ${platform.label}` }));
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'accounts');

    const listed = await fetch(`${e2e.apiBase}/api/connections?project_id=${user.project.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    }).then((r) => r.json() as Promise<{ connections: { platform: string; status: string; sandbox: boolean }[] }>);
    expect(listed.connections.map((c) => [c.platform, c.status, c.sandbox]).sort()).toEqual(
      PLATFORMS.map((p) => [p.key, 'connected', true]).sort(),
    );

    await card(page, 'TikTok').getByRole('button', { name: 'Disconnect TikTok' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect TikTok?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await visible(card(page, 'TikTok').getByText('Not connected'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    const platforms = await fetch(`${e2e.apiBase}/api/connected-platforms?project_id=${user.project.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    }).then((r) => r.json() as Promise<{ platforms: string[] }>);
    expect(platforms.platforms.sort()).toEqual(['facebook', 'instagram', 'reddit', 'x', 'youtube']);
  });
});
