import fs from 'node:fs';
import type { Post } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { clearFaults, injectFault } from './support/emulator';
import { screenshot } from './support/screenshots';
import { visible } from './support/ui';

const e2e = useE2e();

const VIDEO = 'Harbour at dawn';
/** X's words while its figures are refused, as the person must see them. */
const REFUSAL = 'Metrics are not available for this post';

async function apiCall<T>(token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${e2e.apiBase}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

describe('the Analytics screen', () => {
  it('shows a sandbox post’s figures after a sync, as chart, table and CSV, and a failed sync with its reason', async () => {
    const user = await e2e.workspace({ videos: [VIDEO] });
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');

    // Published now on the sandbox X account.
    const video = user.videos[0]!;
    const { posts } = await apiCall<{ posts: Post[] }>(user.token, `/videos/${video.id}/posts`, 'POST', {
      targets: [{ platform: 'x', caption: 'Harbour at dawn, first light' }],
    });
    await expect
      .poll(async () => (await apiCall<{ post: Post }>(user.token, `/posts/${posts[0]!.id}`)).post.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('published');

    await page.goto('/analytics');
    await visible(page.getByRole('heading', { name: 'Analytics', level: 1 }));
    await visible(page.getByText('Not synced yet'));
    await visible(page.getByRole('heading', { name: 'No data to show yet' }));

    // Sync now, until the post has been seen (the sandbox's figures grow with the post's age).
    const views = page.getByTestId('total-views');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Sync now' }).click();
          await visible(page.getByText(/^Last synced /));
          await views.waitFor({ state: 'visible' });
          return Number((await views.textContent())!.replaceAll(',', ''));
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const total = (await views.textContent())!;

    const chart = page.getByRole('region', { name: 'Views per day and platform' });
    await visible(chart.getByRole('img', { name: /^Views per day for X \(Twitter\)/ }));
    await chart.getByText('Show the chart as a table').click();
    const table = chart.getByRole('table', { name: 'Views per day and platform' });
    await visible(table.getByRole('columnheader', { name: 'X (Twitter)' }));
    expect(await table.getByRole('cell').last().textContent()).toBe(total);
    const top = page.getByRole('region', { name: 'Top videos' });
    await visible(top.getByRole('link', { name: VIDEO }));
    await visible(top.getByText(`${total} views`));
    await visible(page.getByRole('region', { name: 'Best weekday and hour' }).getByText(/views on average \(1 post\)/));
    expect(await seriousAxeViolations(page), 'the analytics screen').toEqual([]);
    await screenshot(page, 'analytics');

    // The CSV holds what is shown.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('section,date,platform,video,views,likes,comments,shares');
    expect(
      csv.some((line) => line.startsWith('platform,') && line.includes(`,X (Twitter),,${total.replaceAll(',', '')},`)),
    ).toBe(true);
    expect(csv.some((line) => line.startsWith('top video,') && line.includes(`,${VIDEO},`))).toBe(true);

    // A sync X refuses is shown with X's words, not passed over in silence.
    await injectFault(e2e.emulatorUrl, { platform: 'x', kind: 'reject', step: 'metrics', message: REFUSAL });
    try {
      await page.getByRole('button', { name: 'Sync now' }).click();
      const problem = page.getByRole('region', { name: 'Sync status' }).getByRole('alert');
      await visible(problem.getByText('One post could not be synced'));
      await visible(
        problem.getByText(new RegExp(`on X \\(Twitter\\): X \\(Twitter\\) refused to give the figures: ${REFUSAL}`)),
      );
      expect(await seriousAxeViolations(page), 'a failed sync').toEqual([]);
      await screenshot(page, 'analytics-sync-failed');
    } finally {
      await clearFaults(e2e.emulatorUrl);
    }
  });
});
