import { describe, expect, it } from 'vitest';
import { updateVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { atPath, visible } from './support/ui';

const e2e = useE2e();

describe('the Activity screen', () => {
  it("shows the project's trail with the account's events, receives a new event live, filters, and leads to the subject", async () => {
    const user = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const video = user.videos[0]!;
    const page = await e2e.open({ session: user });
    await page.goto('/activity');

    const list = page.getByRole('list', { name: 'Activity' });
    const items = list.getByRole('listitem');
    await visible(list.getByRole('link', { name: '“Harbour at dawn” was uploaded.' }));
    const account = items.filter({ hasText: 'Account created' });
    await visible(account);
    expect(await account.textContent()).toContain('Your account, all projects');
    await visible(account.getByText('Account', { exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Saved from elsewhere (another tab, a script): the open screen hears of it from its stream.
    await updateVideo(e2e.apiBase, user.token, video.id, { title: 'Harbour at dusk', description: 'Low tide' });
    const saved = list.getByRole('link', { name: 'The details of “Harbour at dusk” were saved.' });
    await visible(saved);
    expect(await items.first().textContent()).toContain('were saved');
    await screenshot(page, 'activity');

    await page.getByLabel('Show').selectOption('video.uploaded');
    await visible(list.getByRole('link', { name: '“Harbour at dawn” was uploaded.' }));
    await expect.poll(() => items.count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await list.getByRole('link', { name: '“Harbour at dawn” was uploaded.' }).click();
    await atPath(page, `/video/${video.id}`);
  });
});
