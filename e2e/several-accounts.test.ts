import { describe, expect, it } from 'vitest';
import { platformCard, throughAuthorizePage } from './support/accounts';
import { call, uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { publishedItems } from './support/emulator';
import { atPath, visible } from './support/ui';

const e2e = useE2e();

/** The sandbox's second YouTube channel, chosen on Google's (emulated) account switcher. */
const SECOND_CHANNEL_ID = 'UCsandboxFanoutDemo00002';

describe('several accounts of one platform', () => {
  it('connects two YouTube channels to one project, publishes a video to the one chosen, lists its posts alone', async () => {
    const user = await e2e.workspace();
    const video = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('two-channels'),
      'Two channels',
    );
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'YouTube', 'Approve');

    // Connect another: the platform's page offers its accounts; the second channel is chosen there.
    const card = platformCard(page, 'YouTube');
    await card.getByRole('button', { name: 'Connect another YouTube account' }).click();
    await page.waitForURL((url) => url.origin !== new URL(e2e.origin).origin);
    await page.getByRole('radio', { name: /Second Creator/ }).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await atPath(page, '/accounts');
    await visible(page.getByRole('status').filter({ hasText: 'YouTube is connected as ' }));
    const accounts = card.getByRole('list', { name: 'YouTube accounts' });
    await visible(accounts.getByText('Fanout Demo Channel'));
    await visible(accounts.getByText('Second Creator'));
    expect(await accounts.getByText('Connected', { exact: true }).count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Publish to the second channel only.
    await page.goto(`/video/${video.id}`);
    const form = page.getByRole('form', { name: `Publish ${video.title}` });
    await form.getByRole('checkbox', { name: 'YouTube', exact: true }).check();
    const choice = form.getByRole('group', { name: 'YouTube accounts' });
    await choice.getByRole('checkbox', { name: /Second Creator/ }).check();
    await choice.getByRole('checkbox', { name: /Fanout Demo Channel/ }).uncheck();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Publish now' }).click();
    const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: 'YouTube', exact: true });
    await post.getByText('Published', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const live = (await publishedItems(e2e.emulatorUrl)).filter((item) => item.title.includes(video.title));
    expect(live.map((item) => [item.platform, item.accountId])).toEqual([['youtube', SECOND_CHANNEL_ID]]);

    // The same video scheduled on the first channel; My Posts by account shows the second channel's post only.
    const { connections } = await call<{ connections: { id: number; accountName: string }[] }>(
      e2e.apiBase,
      `/connections?project_id=${user.project.id}`,
      { token: user.token },
    );
    const channel = (name: string) => connections.find((c) => c.accountName === name)!;
    await call(e2e.apiBase, `/videos/${video.id}/posts`, {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({
        targets: [{ platform: 'youtube', connectionId: channel('Fanout Demo Channel').id }],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    });
    await page.goto('/posts');
    const table = page.getByRole('table', { name: 'Posts' });
    await visible(table.getByText('Scheduled', { exact: true }));
    expect(await table.getByRole('rowheader').count()).toBe(2);
    await page.getByLabel('Account').selectOption({ label: 'YouTube · Second Creator' });
    const second = String(channel('Second Creator').id);
    await page.waitForURL((url) => url.searchParams.get('account') === second);
    // The list of every post gives way to the account's (a loading state between the two).
    await table.getByText('Scheduled', { exact: true }).waitFor({ state: 'detached' });
    await visible(table.getByText('Published', { exact: true }));
    expect(await table.getByRole('rowheader').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The address keeps the account: a reload shows the same.
    await page.reload();
    await visible(table.getByText('Published', { exact: true }));
    expect(await page.getByLabel('Account').inputValue()).toBe(second);
    expect(await table.getByRole('rowheader').count()).toBe(1);

    // Analytics offers the same choice, and opens on the account the address names.
    await page.goto(`/analytics?account=${second}`);
    const filters = page.getByRole('search', { name: 'Filter analytics' });
    await visible(filters.getByLabel('Account'));
    expect(await filters.getByLabel('Account').inputValue()).toBe(second);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
