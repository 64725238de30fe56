import { describe, expect, it } from 'vitest';
import { chooseAccountsForm, platformCard } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { atPath, visible } from './support/ui';

const e2e = useE2e();

describe('a Facebook user with two Pages', () => {
  it('connects both Pages chosen on the Accounts screen, each listed as its own Facebook account', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await platformCard(page, 'Facebook').getByRole('button', { name: 'Connect Facebook' }).click();
    await page.waitForURL((url) => url.origin !== new URL(e2e.origin).origin);
    await page.getByRole('button', { name: 'Approve' }).click();
    await atPath(page, '/accounts');

    // Back on the screen: the grant's two Pages, to choose from.
    const chooser = chooseAccountsForm(page, 'Facebook');
    await visible(chooser);
    const first = chooser.getByRole('checkbox', { name: 'Fanout Sandbox Page' });
    const second = chooser.getByRole('checkbox', { name: 'Fanout Sandbox Studio' });
    await visible(first);
    await visible(second);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await first.check();
    await second.check();
    await chooser.getByRole('button', { name: 'Connect chosen Pages' }).click();

    await visible(page.getByRole('status').filter({ hasText: 'Facebook is connected as ' }));
    const accounts = platformCard(page, 'Facebook').getByRole('list', { name: 'Facebook accounts' });
    await visible(accounts.getByText('Fanout Sandbox Page'));
    await visible(accounts.getByText('Fanout Sandbox Studio'));
    expect(await accounts.getByText('Connected', { exact: true }).count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const listed = await fetch(`${e2e.apiBase}/api/connections?project_id=${user.project.id}`, {
      headers: { authorization: `Bearer ${user.token}` },
    }).then((r) => r.json() as Promise<{ connections: { platform: string; accountName: string }[] }>);
    expect(listed.connections.map((c) => [c.platform, c.accountName]).sort()).toEqual([
      ['facebook', 'Fanout Sandbox Page'],
      ['facebook', 'Fanout Sandbox Studio'],
    ]);
  });
});
