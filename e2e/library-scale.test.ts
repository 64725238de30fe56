import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database';
import { seedVideos } from '../apps/server/test/seed-videos';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { poll, visible } from './support/ui';

/**
 * The library of a project with 10,000 videos, in chromium. The server runs on a throw-away PostgreSQL so the
 * rows can be seeded straight into it while it runs (the embedded database admits one process only).
 */
let cluster: PostgresCluster | undefined;
// Registered before the server's own hooks, so it runs after the server has stopped.
afterAll(() => cluster?.stop());
const e2e = useE2e({
  env: async () => {
    cluster = await startPostgresCluster();
    return { DATABASE_URL: cluster.url };
  },
});

const COUNT = 10_000;

const domSize = (page: Page) =>
  page.evaluate(() => ({ elements: document.getElementsByTagName('*').length, images: document.images.length }));

describe('a library of 10,000 videos', () => {
  it('keeps the page small while scrolling far, finds a video by search, selects every match, and passes axe', async () => {
    const user = await e2e.workspace();
    const { db } = await openDatabase({ url: cluster!.url, dir: '' });
    try {
      await seedVideos(db, { userId: user.user.id, projectId: user.project.id, count: COUNT });
    } finally {
      await db.destroy();
    }

    const page = await e2e.open({ session: user, viewport: { width: 1280, height: 900 } });
    await page.goto('/dashboard');
    const list = page.getByRole('list', { name: 'Videos' });
    // The newest first: seeded titles count up, the last one is the newest.
    await visible(list.getByRole('article', { name: 'Bridge clip 10000', exact: true }));
    expect(await list.getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(COUNT));

    const atTop = await domSize(page);
    expect(atTop.elements).toBeLessThan(3000);
    expect(atTop.images).toBeLessThan(100);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Far down: each scroll to the end brings the next page, and the cards scrolled past are let go.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return Number(await list.getByRole('listitem').last().getAttribute('aria-posinset'));
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBeGreaterThan(350);
    expect(await list.getByRole('article', { name: 'Bridge clip 10000', exact: true }).count()).toBe(0);
    const farDown = await domSize(page);
    expect(farDown.elements).toBeLessThan(3000);
    expect(farDown.images).toBeLessThan(100);
    // Hundreds of cards are loaded, but only the rows around the viewport are drawn.
    expect(await list.getByRole('listitem').count()).toBeLessThan(100);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('searchbox', { name: 'Search videos' }).fill('04321');
    await visible(list.getByRole('article', { name: 'Harbour clip 04321', exact: true }));
    await poll(() => list.getByRole('article').count()).toBe(1);

    await page.getByRole('searchbox', { name: 'Search videos' }).fill('harbour');
    await poll(() => list.getByRole('listitem').first().getAttribute('aria-setsize')).toBe('1000');
    await page.getByRole('checkbox', { name: 'Select all' }).click();
    const bar = page.getByRole('region', { name: 'Selection' });
    await visible(bar.getByText('1,000 selected', { exact: true }));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
