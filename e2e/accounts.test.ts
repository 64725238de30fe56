import { PLATFORMS } from '@fanout/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { platformCard as card, throughAuthorizePage } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e, type Workspace } from './support/e2e';
import { screenshot } from './support/screenshots';
import { submitPasswordSignIn } from './support/sign-in';
import { atPath, poll, visible } from './support/ui';

const e2e = useE2e();

const connectionsOf = (who: Workspace) =>
  fetch(`${e2e.apiBase}/api/connections?project_id=${who.project.id}`, {
    headers: { authorization: `Bearer ${who.token}` },
  }).then((r) => r.json() as Promise<{ connections: { platform: string; status: string; sandbox: boolean }[] }>);

/** The attacker's side: Connect on their own Accounts screen, up to the platform's authorize page, whose address they keep. */
async function authorizeLinkOf(attacker: Workspace, label: string): Promise<string> {
  const page = await e2e.open({ session: attacker });
  await page.goto('/accounts');
  await card(page, label)
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  await page.waitForURL((url) => url.origin !== new URL(e2e.origin).origin);
  return page.url();
}

/** Opens the link in this browser and approves on the platform's page. */
async function approveThere(page: Page, link: string) {
  await page.goto(link);
  await visible(page.getByText('Sandbox', { exact: true }));
  await page.getByRole('button', { name: 'Approve' }).click();
}

const WRONG_ACCOUNT = 'YouTube was not connected: this connection was started by another Fanout account';

describe('connected accounts', () => {
  it('connects all six sandbox accounts through their authorize pages, refuses a denied one, and disconnects one', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await visible(page.getByRole('heading', { name: 'Connected accounts', level: 1 }));

    await throughAuthorizePage(page, e2e.origin, 'Reddit', 'Deny');
    await visible(
      page.getByRole('alert').filter({ hasText: 'Reddit was not connected: the authorization was declined.' }),
    );
    await visible(card(page, 'Reddit').getByText('Not connected'));

    for (const platform of PLATFORMS) {
      // Back from the platform, the screen confirms the pending grant with this browser's session and says so.
      await throughAuthorizePage(page, e2e.origin, platform.label, 'Approve');
      expect(new URL(page.url()).search).toBe('');
      const connected = card(page, platform.label);
      await visible(connected.getByText('Connected', { exact: true }));
      await visible(connected.getByText('Sandbox', { exact: true }));
      await visible(connected.getByRole('button', { name: `Disconnect ${platform.label}` }));
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'accounts');

    const listed = await connectionsOf(user);
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

  it('connects nothing when another Fanout account approves the link, and tells that browser why', async () => {
    // The attacker starts connecting YouTube and sends the authorize page's address as "reconnect your channel".
    const attacker = await e2e.workspace();
    const victim = await e2e.workspace();
    const link = await authorizeLinkOf(attacker, 'YouTube');

    // The victim, signed in to Fanout in their own browser, approves it there.
    const page = await e2e.open({ session: victim });
    await approveThere(page, link);
    await atPath(page, '/accounts');
    await visible(page.getByRole('alert').filter({ hasText: WRONG_ACCOUNT }));
    await poll(() => new URL(page.url()).search).toBe('');
    await visible(card(page, 'YouTube').getByText('Not connected'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect((await connectionsOf(attacker)).connections).toEqual([]);
    expect((await connectionsOf(victim)).connections).toEqual([]);
  });

  it('refuses it the same way after the approving browser signs in first', async () => {
    const attacker = await e2e.workspace();
    const victim = await e2e.workspace();
    const link = await authorizeLinkOf(attacker, 'YouTube');

    // Signed out, the victim approves, is asked to sign in, and comes back to the pending grant.
    const page = await e2e.open();
    await approveThere(page, link);
    await atPath(page, '/login');
    await submitPasswordSignIn(page, victim.username, victim.password);
    await atPath(page, '/accounts');
    await visible(page.getByRole('alert').filter({ hasText: WRONG_ACCOUNT }));
    await poll(() => new URL(page.url()).search).toBe('');

    expect((await connectionsOf(attacker)).connections).toEqual([]);
    expect((await connectionsOf(victim)).connections).toEqual([]);
  });
});
