import { utcToZoned, type Post } from '@fanout/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { updateVideo, uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { hidden, poll, visible } from './support/ui';
import { dayAhead as daysAhead, instantOf as instantIn } from './support/zoned-days';

const e2e = useE2e();

/** The person's zone, not the browser's (Europe/Berlin): the calendar must follow the account. */
const ZONE = 'America/New_York';
const TIME = '10:15';
const TITLE = 'Harbour at dawn';

const dayAhead = (days: number) => daysAhead(days, ZONE);
const instantOf = (local: string) => instantIn(local, ZONE);

async function apiCall<T>(token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${e2e.apiBase}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

const dayCell = (page: Page, day: string) => page.locator(`.fc-daygrid-day[data-date="${day}"]`);
const postButton = (scope: Page | Locator) =>
  scope.getByRole('button', { name: new RegExp(`${TITLE} on X \\(Twitter\\), Scheduled`) });

/** A real mouse drag (pointer down, moves, up), as FullCalendar expects from a person. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + 8, a.y + a.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      a.x + 8 + ((b.x + b.width / 2 - a.x - 8) * i) / steps,
      a.y + ((b.y + b.height / 2 - a.y) * i) / steps,
    );
  }
  await page.mouse.up();
}

describe('the Schedule screen', () => {
  it('moves a post to another day by dragging (its time kept, undoable) and with the keyboard; every view passes axe', async () => {
    const user = await e2e.workspace();
    await apiCall(user.token, '/auth/me', 'PATCH', { timeZone: ZONE });
    const video = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.portraitMp4('harbour'),
      TITLE,
    );
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');

    const [first, second, third] = [dayAhead(1), dayAhead(3), dayAhead(4)];
    const { posts } = await apiCall<{ posts: Post[] }>(user.token, `/videos/${video.id}/posts`, 'POST', {
      targets: [{ platform: 'x' }],
      scheduledAt: instantOf(`${first}T${TIME}`),
    });
    expect(posts).toHaveLength(1);
    const serverTime = async () =>
      (await apiCall<{ posts: Post[] }>(user.token, `/videos/${video.id}/posts`)).posts[0]!.scheduledAt;

    await page.goto('/schedule');
    await visible(page.getByRole('heading', { name: 'Schedule', level: 1 }));
    const event = postButton(dayCell(page, first));
    await visible(event);
    expect(await event.textContent()).toContain(TIME);
    expect(await seriousAxeViolations(page), 'month view').toEqual([]);

    // Drag to another day: same 10:15 on the person's clock, on the server too.
    await drag(page, event, dayCell(page, second));
    await visible(page.getByText(new RegExp(`Moved ${TITLE} on X \\(Twitter\\) to`)));
    await visible(postButton(dayCell(page, second)));
    expect(await postButton(dayCell(page, second)).textContent()).toContain(TIME);
    await poll(serverTime, 'the server’s time after the drag').toBe(instantOf(`${second}T${TIME}`));
    await screenshot(page, 'schedule-month-moved');

    // Undo puts it back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await visible(postButton(dayCell(page, first)));
    await poll(serverTime, 'the server’s time after Undo').toBe(instantOf(`${first}T${TIME}`));

    // The keyboard way: Move… → a date and time in the person's zone → Save.
    const move = page.getByRole('button', { name: `Move… ${TITLE} on X (Twitter)` });
    await move.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Move ${TITLE}` });
    await visible(dialog);
    const field = dialog.getByLabel('New date and time (America/New York)');
    expect(await field.inputValue()).toBe(`${first}T${TIME}`);
    await field.fill(`${third}T08:45`);
    await field.press('Enter');
    await hidden(dialog);
    await visible(postButton(dayCell(page, third)));
    await poll(serverTime, 'the server’s time after Move…').toBe(instantOf(`${third}T08:45`));

    // A click opens the post.
    await postButton(dayCell(page, third)).click();
    const opened = page.getByRole('dialog', { name: TITLE });
    await visible(opened.getByRole('button', { name: 'Edit' }));
    expect(await seriousAxeViolations(page), 'the opened post').toEqual([]);
    await page.keyboard.press('Escape');
    await hidden(opened);

    for (const view of ['Week', 'Day', 'Agenda']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await visible(page.locator('.fc-view-harness'));
      expect(await seriousAxeViolations(page), `${view} view`).toEqual([]);
    }
    // The agenda shows the same post at the same time: this week's, or next week's.
    const inAgenda = postButton(page.locator('.fc-list'));
    if ((await inAgenda.count()) === 0) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await visible(inAgenda);
    const row = page.locator('.fc-list-event').filter({ hasText: TITLE });
    expect(await row.textContent()).toContain('08:45');
    await screenshot(page, 'schedule-agenda');
  });

  it('opens the composer at the time a ready video is scheduled on, without a mouse or dropped on a day', async () => {
    const user = await e2e.workspace();
    await apiCall(user.token, '/auth/me', 'PATCH', { timeZone: ZONE });
    const video = await uploadVideo(
      e2e.apiBase,
      user.token,
      user.project.id,
      e2e.fixtures.mp4('lighthouse'),
      'Lighthouse',
    );
    await updateVideo(e2e.apiBase, user.token, video.id, { platforms: ['x'], status: 'ready' });
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await page.goto('/schedule');
    const ready = page.getByRole('list', { name: 'Ready to schedule' });
    await ready.getByRole('button', { name: 'Schedule on… Lighthouse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Lighthouse' });
    await visible(dialog);
    await visible(dialog.getByRole('heading', { name: 'Publish' }));
    // The next whole hour on the person's clock, ready for Schedule.
    const nextHour = utcToZoned(Math.ceil((Date.now() + 1) / 3_600_000) * 3_600_000, ZONE);
    expect(await dialog.getByLabel('Date and time').inputValue()).toBe(`${nextHour.date}T${nextHour.time}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await hidden(dialog);

    // Dropped on a day of the month view: the composer at 09:00 that day.
    const day = dayAhead(2);
    await drag(page, ready.getByRole('listitem').filter({ hasText: 'Lighthouse' }), dayCell(page, day));
    await visible(dialog);
    expect(await dialog.getByLabel('Date and time').inputValue()).toBe(`${day}T09:00`);
  });
});

/** How many times "Next" takes the week view from this week to the week of `day` (weeks start on Monday). */
function weeksAhead(day: string): number {
  const monday = (date: string) => {
    const noon = new Date(`${date}T12:00:00Z`);
    return noon.getTime() - ((noon.getUTCDay() + 6) % 7) * 86_400_000;
  };
  return Math.round((monday(day) - monday(dayAhead(0))) / (7 * 86_400_000));
}

/** Where the week view's hours stand: the first half hour below the dates, `HH:MM:SS`. */
const topSlot = (page: Page) =>
  page.evaluate(() => {
    // The dates' cells stay on top of the scrolled hours (sticky; their row does not).
    const top = document.querySelector('.fc-scrollgrid-section-header > *')!.getBoundingClientRect().bottom;
    const slots = [...document.querySelectorAll<HTMLElement>('td.fc-timegrid-slot-lane[data-time]')];
    return slots.find((slot) => slot.getBoundingClientRect().bottom > top + 1)?.dataset.time;
  });

describe('the Schedule screen on the person’s clock', () => {
  it('opens on today as the person’s zone shows it, when that day is not UTC’s nor the browser’s', async () => {
    const user = await e2e.workspace();
    await apiCall(user.token, '/auth/me', 'PATCH', { timeZone: ZONE });
    const page = await e2e.open({ session: user });
    // 02:30 UTC on 3 December: still 2 December (21:30) in New York, already 03:30 on 3 December in Berlin.
    await page.clock.setFixedTime(new Date('2026-12-03T02:30:00Z'));
    await page.goto('/schedule');
    const calendar = page.getByRole('region', { name: 'Calendar' });
    await calendar.getByRole('button', { name: 'Day', exact: true }).click();
    await visible(calendar.getByRole('heading', { name: 'December 2, 2026' }));
  });
});

describe('the Schedule screen, read at a glance', () => {
  it('shows platform icons and whole titles on hover and focus; the week opens at the working day and makes one entry of posts at one time', async () => {
    const LONG = 'Harbour at dawn, the whole tide from the first boat out to the last one in';
    const user = await e2e.workspace();
    await apiCall(user.token, '/auth/me', 'PATCH', { timeZone: ZONE });
    const long = await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.mp4('long'), LONG);
    const other = await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.mp4('pier'), 'Pier');
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');
    await throughAuthorizePage(page, e2e.origin, 'Facebook', 'Approve');
    const day = dayAhead(1);
    const at = (local: string, videoId: number, platforms: string[]) =>
      apiCall(user.token, `/videos/${videoId}/posts`, 'POST', {
        targets: platforms.map((platform) => ({ platform })),
        scheduledAt: instantOf(`${day}T${local}`),
      });
    await at('09:00', long.id, ['x', 'facebook']);
    await at('09:00', other.id, ['x']);

    // Month: each post with its platform's icon; the whole title beside it on hover, and on focus.
    await page.goto('/schedule');
    const cell = dayCell(page, day);
    const post = cell.getByRole('button', { name: `${LONG} on X (Twitter), Scheduled` });
    await visible(post);
    expect(await post.locator('svg').count(), 'the platform’s icon').toBe(1);
    const tip = page.getByTestId('event-tip');
    await post.hover();
    await visible(tip);
    expect(await tip.innerText()).toBe(`${LONG}\nX (Twitter) · Scheduled`);
    await page.mouse.move(0, 0);
    await hidden(tip);
    await post.focus();
    await visible(tip);
    await page.keyboard.press('Escape');
    await hidden(tip);

    // Week: the three at 09:00 are one entry; the view opens at 08:00, not midnight.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    for (let i = 0; i < weeksAhead(day); i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
    const group = page.getByRole('button', { name: '3 posts at 09:00' });
    await visible(group);
    await poll(() => topSlot(page), 'the first hour in view').toBe('08:00:00');
    await screenshot(page, 'schedule-week-grouped');
    await group.click();
    const dialog = page.getByRole('dialog', { name: '3 posts at 09:00' });
    await visible(dialog);
    expect(await seriousAxeViolations(page), 'the posts at one time').toEqual([]);

    // One of them moved from there, the keyboard's way: two are left at 09:00.
    await dialog.getByRole('button', { name: 'Move… Pier on X (Twitter)' }).click();
    const move = page.getByRole('dialog', { name: 'Move Pier' });
    await move.getByLabel('New date and time (America/New York)').fill(`${day}T06:30`);
    await move.getByLabel('New date and time (America/New York)').press('Enter');
    await hidden(move);
    await visible(page.getByRole('button', { name: '2 posts at 09:00' }));
    // A post before the working day: the week now opens at its hour.
    await poll(() => topSlot(page), 'the first hour in view').toBe('06:00:00');
    await visible(page.getByRole('button', { name: 'Pier on X (Twitter), Scheduled' }));
  });
});
