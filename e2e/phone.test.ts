import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { busyWorkspace, SAME_TIME, ZONE, type BusyWorkspace } from './support/busy-workspace';
import { useE2e } from './support/e2e';
import { daysUntil } from './support/zoned-days';
import { screenshot } from './support/screenshots';
import { REPO_ROOT } from './support/server';
import { poll, visible } from './support/ui';

const e2e = useE2e();

const PHONE = { width: 390, height: 844 };
/** The first test to run also publishes and syncs the workspace. */
const SLOW = 180_000;

/**
 * Every path of the app's router (read from its source, so a route added later is visited too), with the
 * mobile menu's Recent and Shared links, which may or may not be routes of their own.
 */
function appPaths(videoId: number): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'apps/web/src/app/router.tsx'), 'utf8');
  const paths = [...source.matchAll(/path: '([^']+)'/g)].map(([, p]) => p!);
  expect(paths, 'paths read from the router').toContain('posts');
  // A link's token in the path: one nobody made, so the public page's refusal is what is visited.
  const concrete = paths.map((p) =>
    p === '*' ? '/no-such-page' : `/${p.replace(':id', String(videoId)).replace(':token', 'an-unknown-link')}`,
  );
  return [...new Set(['/', ...concrete, '/recent', '/shared'])];
}

let seeded: Promise<BusyWorkspace> | undefined;
/** One busy workspace for the whole file (publishing and syncing it takes a while). */
async function workspace(): Promise<BusyWorkspace> {
  seeded ??= busyWorkspace(e2e);
  return seeded;
}

const openPhone = (user?: BusyWorkspace) => e2e.open({ session: user, viewport: PHONE, mobile: true });

/** Waits until the screen has a heading and nothing on it is still loading. */
async function settled(page: Page) {
  await visible(page.locator('h1').first());
  await poll(
    () => page.locator('[aria-busy="true"], .animate-pulse, [role="status"][aria-label^="Loading"]').count(),
    'things still loading',
  ).toBe(0);
}

/** How far the page reaches past the phone's width (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(
    () => document.documentElement.scrollWidth - Math.min(window.innerWidth, document.documentElement.clientWidth),
  );

/** Elements that scroll sideways inside the page, by their tag and class, for the message. */
const sidewaysScrollers = (scope: Locator) =>
  scope.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return /(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );

/** True when the element is wholly on screen sideways and not hidden by anything (e.g. a scroll container). */
async function inPlainSight(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

describe('on a phone (390×844)', () => {
  it(
    'no screen of the router scrolls sideways, each passes axe, and each is pictured',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      const guest = await openPhone();
      const pictured = new Set<string>();
      // Every path is visited before anything is asserted, so that a failure names all the screens at fault.
      const sideways: Record<string, number> = {};
      const axe: Record<string, unknown[]> = {};
      for (const pathname of appPaths(user.videos[0]!.id)) {
        // A screen only for guests (login, sign-up) sends a signed-in person home: it is checked as a guest.
        let view = page;
        await view.goto(pathname);
        await settled(view);
        if (new URL(view.url()).pathname !== pathname) {
          view = guest;
          await view.goto(pathname);
          await settled(view);
        }
        const overflow = await sidewaysOverflow(view);
        if (overflow > 0) sideways[pathname] = overflow;
        const findings = await seriousAxeViolations(view);
        if (findings.length > 0) axe[pathname] = findings;
        const heading = (await view.locator('h1').first().textContent())!.trim();
        if (!pictured.has(heading)) {
          pictured.add(heading);
          const name =
            pathname === '/'
              ? 'home'
              : pathname
                  .slice(1)
                  .replace(/\/\d+$/, '')
                  .replaceAll('/', '-');
          await screenshot(view, `phone-${name}`);
        }
      }
      expect(sideways, 'pixels each screen reaches past the phone’s width').toEqual({});
      expect(axe, 'serious and critical axe findings per screen').toEqual({});
    },
    SLOW,
  );

  it(
    'Schedule: the whole toolbar fits, the week is the agenda, three posts at one time are one entry',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      await page.goto('/schedule');
      await settled(page);
      const calendar = page.getByRole('region', { name: 'Calendar' });
      for (const name of ['Previous', 'Next', 'Today', 'Month', 'Day', 'Agenda']) {
        expect(await inPlainSight(calendar.getByRole('button', { name, exact: true })), `${name} on screen`).toBe(true);
      }
      expect(await calendar.getByRole('button', { name: 'Week', exact: true }).count(), 'the week is the agenda').toBe(
        0,
      );

      // The day of the three posts (two days after the workspace was made): one entry, on screen at the hour the day opens at, that opens the three.
      await calendar.getByRole('button', { name: 'Day', exact: true }).click();
      const ahead = daysUntil(user.busyDay, ZONE);
      for (let day = 0; day < ahead; day++) await calendar.getByRole('button', { name: 'Next', exact: true }).click();
      const group = calendar.getByRole('button', { name: `3 posts at ${SAME_TIME}` });
      await visible(group);
      await poll(() => calendar.getAttribute('aria-busy'), 'the day’s posts loading').toBe('false');
      expect(await inPlainSight(group), 'the group is on screen').toBe(true);
      await screenshot(page, 'phone-schedule-day');
      await group.click();
      const dialog = page.getByRole('dialog', { name: `3 posts at ${SAME_TIME}` });
      await visible(dialog);
      expect(await dialog.getByRole('button', { name: /^Move… / }).count()).toBe(3);
      expect(await seriousAxeViolations(page), 'the posts at one time').toEqual([]);
      // Each moves from there, as "Move…" beside a post does.
      await dialog.getByRole('button', { name: 'Move… Market tour on Facebook' }).click();
      await visible(page.getByRole('dialog', { name: 'Move Market tour' }));
    },
    SLOW,
  );

  it(
    'My Posts: each post’s status and actions are on screen without scrolling sideways',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      await page.goto('/posts');
      await settled(page);
      const list = page.getByRole('main');
      expect(await sidewaysScrollers(list), 'nothing inside scrolls sideways').toEqual([]);
      for (const text of ['Scheduled', 'Published', 'Failed', 'Cancelled']) {
        const badge = list.getByText(text, { exact: true }).filter({ visible: true }).first();
        expect(await inPlainSight(badge), `${text} on screen`).toBe(true);
      }
      for (const name of ['Retry', 'Edit', 'Cancel post']) {
        expect(await inPlainSight(list.getByRole('button', { name }).first()), `${name} on screen`).toBe(true);
      }
      expect(await inPlainSight(list.getByRole('link', { name: /^View post on / }).first())).toBe(true);
    },
    SLOW,
  );

  it(
    'Planning: the board scrolls one way only, every card’s actions on screen',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      await page.goto('/planning');
      await settled(page);
      expect(await sidewaysScrollers(page.getByRole('main')), 'nothing inside scrolls sideways').toEqual([]);
      for (const title of ['Harbour timelapse', 'Ferry crossing in fog', 'Lighthouse interviews']) {
        expect(await inPlainSight(page.getByRole('button', { name: `Move to… ${title}` })), title).toBe(true);
      }
    },
    SLOW,
  );

  it(
    'Analytics: two lines on top of each other both show (own markers), the key shows one alone, the table stays',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      await page.goto('/analytics');
      await settled(page);
      const chart = page.getByRole('region', { name: 'Views per day and platform' });
      // X and Facebook gained nothing for weeks: their lines lie on top of each other at 0.
      await visible(chart.locator('.recharts-surface .chart-marker-circle').first());
      expect(
        await chart.locator('.recharts-surface .chart-marker-square').count(),
        'Facebook’s markers under X’s',
      ).toBeGreaterThan(25);
      expect(await chart.locator('.recharts-line').count()).toBe(2);
      const facebook = chart.getByRole('button', { name: 'Show only Facebook' });
      await facebook.click();
      expect(await facebook.getAttribute('aria-pressed')).toBe('true');
      await poll(() => chart.locator('.recharts-line').count(), 'lines drawn').toBe(1);
      expect(await chart.locator('.recharts-surface .chart-marker-circle').count()).toBe(0);
      expect(await seriousAxeViolations(page), 'one line alone').toEqual([]);
      await chart.getByText('Show the chart as a table').click();
      const table = chart.getByRole('table', { name: 'Views per day and platform' });
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Date', 'Facebook', 'X (Twitter)']);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    },
    SLOW,
  );

  it(
    'Videos: the filters fold away, so the first video is on the first screen',
    async () => {
      const user = await workspace();
      const page = await openPhone(user);
      await page.goto('/dashboard');
      await settled(page);
      const first = page.getByRole('article').first();
      await visible(first);
      const box = (await first.boundingBox())!;
      expect(
        box.y + box.height,
        'the whole first video (picture, title, status) on the first screen',
      ).toBeLessThanOrEqual(PHONE.height);
      expect(await page.getByLabel('Status', { exact: true }).isVisible(), 'the status filter is folded').toBe(false);
      expect(await page.getByPlaceholder('Filter by tag').isVisible(), 'the tag filter is folded').toBe(false);
      await visible(page.getByPlaceholder('Search videos...'));

      // Unfolded, every filter works; a tag narrows the list, and the button says one filter is on.
      const filters = page.getByRole('button', { name: /^Filters/ });
      await filters.click();
      expect(await filters.getAttribute('aria-expanded')).toBe('true');
      await visible(page.getByLabel('Status', { exact: true }));
      await page.getByPlaceholder('Filter by tag').fill('no-such-tag');
      await visible(page.getByText('No videos found'));
      expect(await filters.innerText()).toMatch(/^Filters\s*1/);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page), 'the filters unfolded').toEqual([]);
      await screenshot(page, 'phone-videos-filters');
    },
    SLOW,
  );
});
