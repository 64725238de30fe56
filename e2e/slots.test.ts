import { WEEKDAY_NAMES, utcToZoned, type PostPage } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { hidden, visible } from './support/ui';

const e2e = useE2e();

/** The zone the slots are read in (the test browser's too). */
const ZONE = 'Europe/Berlin';

/** Each scheduled post as `Weekday HH:MM` on the slots' clock. */
async function queuedSlots(token: string, projectId: number): Promise<string[]> {
  const res = await fetch(`${e2e.apiBase}/api/posts?project_id=${projectId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { posts } = (await res.json()) as PostPage;
  return posts.map((post) => {
    const { date, time } = utcToZoned(post.scheduledAt, ZONE);
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    return `${WEEKDAY_NAMES[weekday]} ${time}`;
  });
}

describe('posting slots and Add to queue', () => {
  it('sets slots in Project Settings (one from a best time), queues three videos from the bulk bar into them, and shows their times', async () => {
    const user = await e2e.workspace({ videos: ['Dawn swim', 'Noon market', 'Dusk ferry'] });
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'YouTube', 'Approve');

    await page.goto('/project-settings');
    const section = page.getByRole('region', { name: 'Posting slots' });
    await visible(section.getByText('No slots yet: add one, or pick a best time below.'));
    await section.getByLabel('Time zone of the slots').selectOption(ZONE);

    // Two slots by hand …
    await section.getByRole('button', { name: 'Add slot', exact: true }).click();
    await section.getByLabel('Platform of slot 1').selectOption({ label: 'YouTube' });
    await section.getByLabel('Weekday of slot 1').selectOption({ label: 'Tuesday' });
    await section.getByLabel('Time of slot 1').fill('09:00');
    await section.getByRole('button', { name: 'Add slot', exact: true }).click();
    await section.getByLabel('Platform of slot 2').selectOption({ label: 'YouTube' });
    await section.getByLabel('Weekday of slot 2').selectOption({ label: 'Thursday' });
    await section.getByLabel('Time of slot 2').fill('18:30');

    // … and one from YouTube's best times, each shown with its reason.
    await section.getByLabel('Best times for', { exact: true }).selectOption({ label: 'YouTube' });
    const best = section.getByRole('list', { name: 'Best times for YouTube' });
    await visible(best.getByText('Friday 15:00–16:00'));
    await visible(best.getByText(/until 10 of your YouTube posts have metrics \(0 so far\)/).first());
    await best.getByRole('button', { name: 'Add slot: YouTube, Friday 15:00–16:00' }).click();
    await expect.poll(() => section.getByLabel('Time of slot 3').inputValue()).toBe('15:00');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'posting-slots');
    await section.getByRole('button', { name: 'Save slots' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Posting slots saved.' }));

    // Saved: a new visit shows them, in order.
    await page.reload();
    const saved = page.getByRole('region', { name: 'Posting slots' });
    await expect.poll(() => saved.getByLabel('Time of slot 3').inputValue()).toBe('15:00');
    expect(await saved.getByLabel('Weekday of slot 1').inputValue()).toBe('2');
    expect(await saved.getByLabel('Time of slot 1').inputValue()).toBe('09:00');

    // The library's bulk bar: all three videos into the queue.
    await page.goto('/dashboard');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Add to queue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 3 videos to the queue' });
    await dialog.getByRole('checkbox', { name: 'YouTube' }).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add to queue' }).click();
    await hidden(dialog);
    await visible(page.getByRole('status').filter({ hasText: '3 posts added to the queue.' }));

    // One post per slot, each slot once (the next Tuesday, Thursday and Friday).
    expect((await queuedSlots(user.token, user.project.id)).sort()).toEqual([
      'Friday 15:00',
      'Thursday 18:30',
      'Tuesday 09:00',
    ]);
    await page.goto('/posts');
    const rows = page
      .getByRole('table', { name: 'Posts' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') });
    await expect.poll(() => rows.count()).toBe(3);
    const times = await rows.evaluateAll((trs: HTMLTableRowElement[]) => trs.map((tr) => tr.cells[2]?.textContent));
    for (const hhmm of ['09:00', '18:30', '15:00']) {
      expect(
        times.filter((text) => text?.includes(hhmm)),
        `a post at ${hhmm}`,
      ).toHaveLength(1);
    }
  }, 180_000);
});
