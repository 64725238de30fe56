import { utcToZoned, type Idea } from '@fanout/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { hidden, poll, visible } from './support/ui';

const e2e = useE2e();

const ZONE = 'Europe/Berlin';
const VIDEO = 'Harbour at dawn';

async function apiCall<T>(token: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${e2e.apiBase}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (scope: Page | Locator, title: string) => {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true, level: 3 }) });
};

/** A real mouse drag, in small steps, as dnd-kit's pointer sensor expects from a person. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag or nowhere to drop');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const steps = 15;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(
      a.x + a.width / 2 + ((b.x + b.width / 2 - a.x - a.width / 2) * i) / steps,
      a.y + a.height / 2 + ((b.y + b.height / 2 - a.y - a.height / 2) * i) / steps,
    );
  }
  await page.mouse.up();
}

describe('the Planning screen', () => {
  it('plans an idea: made, dragged, moved with the keyboard, kept after a reload, and turned into a post', async () => {
    const user = await e2e.workspace({ videos: [VIDEO] });
    await apiCall(user.token, '/auth/me', 'PATCH', { timeZone: ZONE });
    await apiCall(user.token, '/ideas', 'POST', { project_id: user.project.id, title: 'Market tour' });
    const serverColumn = async (title: string) =>
      (await apiCall<{ ideas: Idea[] }>(user.token, `/ideas?project_id=${user.project.id}`)).ideas.find(
        (i) => i.title === title,
      )?.column;

    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');

    await page.goto('/planning');
    await visible(page.getByRole('heading', { name: 'Planning', level: 1 }));
    await visible(card(column(page, 'Idea'), 'Market tour'));

    // A new idea, through the dialog.
    await page.getByRole('button', { name: 'New idea' }).click();
    const create = page.getByRole('dialog', { name: 'New idea' });
    await visible(create);
    expect(await seriousAxeViolations(page), 'the New idea dialog').toEqual([]);
    await create.getByLabel('Title').fill('Harbour timelapse');
    await create.getByLabel('Notes').fill('Sunrise from the east pier');
    await create.getByLabel('Due date').fill('2030-03-01');
    await create.getByRole('button', { name: 'Add idea' }).click();
    await hidden(create);
    const harbour = card(column(page, 'Idea'), 'Harbour timelapse');
    await visible(harbour);
    expect(await harbour.textContent()).toContain('Sunrise from the east pier');

    // Dragged by its handle to Drafting.
    await drag(page, harbour.getByRole('button', { name: 'Drag Harbour timelapse' }), column(page, 'Drafting'));
    await visible(card(column(page, 'Drafting'), 'Harbour timelapse'));
    await poll(() => serverColumn('Harbour timelapse'), 'after the drag').toBe('drafting');

    // dnd-kit's keyboard sensor: Space picks up, an arrow moves, Space drops.
    await card(page, 'Market tour').getByRole('button', { name: 'Drag Market tour' }).focus();
    await page.keyboard.press('Space');
    // A screen reader hears what happens (dnd-kit's live region, visually hidden).
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    await poll(() => liveRegion.textContent(), 'the pick-up').toBe('Picked up Market tour, in Idea, position 1 of 1.');
    // dnd-kit's keyboard sensor starts listening for arrows in a timer it sets as the pick-up begins: a timer the
    // page sets now fires after it, so the arrow below cannot arrive before the sensor listens.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    await poll(() => liveRegion.textContent(), 'the announcement').toMatch(
      /^Market tour is now in Drafting, position \d of 2\.$/,
    );
    await page.keyboard.press('Space');
    await visible(card(column(page, 'Drafting'), 'Market tour'));
    await poll(() => serverColumn('Market tour'), 'after the keyboard drag').toBe('drafting');

    // The visible alternative: Move to… with a column and a place.
    await card(page, 'Harbour timelapse').getByRole('button', { name: 'Move to… Harbour timelapse' }).click();
    const move = page.getByRole('dialog', { name: 'Move “Harbour timelapse”' });
    await visible(move);
    await move.getByLabel('Column').selectOption({ label: 'Scheduled' });
    await visible(move.getByRole('alert').filter({ hasText: 'Ideas move to Scheduled by themselves' }));
    expect(await seriousAxeViolations(page), 'the Move to… dialog').toEqual([]);
    await move.getByLabel('Column').selectOption({ label: 'Ready' });
    await move.getByRole('button', { name: 'Move' }).click();
    await hidden(move);
    await visible(card(column(page, 'Ready'), 'Harbour timelapse'));
    await poll(() => serverColumn('Harbour timelapse'), 'after Move to…').toBe('ready');

    // Kept after a reload.
    await page.reload();
    await visible(card(column(page, 'Ready'), 'Harbour timelapse'));
    await visible(card(column(page, 'Drafting'), 'Market tour'));
    expect(await seriousAxeViolations(page), 'the board').toEqual([]);
    await screenshot(page, 'planning-board');

    // A video attached, then the idea turned into a post: it goes to Scheduled by itself.
    await card(page, 'Harbour timelapse').getByRole('button', { name: 'Edit Harbour timelapse' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit idea' });
    await edit.getByLabel('Video').selectOption({ label: VIDEO });
    await edit.getByRole('button', { name: 'Save' }).click();
    await hidden(edit);
    await visible(card(page, 'Harbour timelapse').getByText(VIDEO));

    await card(page, 'Harbour timelapse').getByRole('button', { name: 'Create post of Harbour timelapse' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    const form = composer.getByRole('form', { name: `Publish ${VIDEO}` });
    await visible(form);
    await form.getByRole('checkbox', { name: 'X (Twitter)', exact: true }).check();
    const { date } = utcToZoned(Date.now() + 2 * 86_400_000, ZONE);
    await form.getByLabel('Date and time').fill(`${date}T10:30`);
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await visible(form.getByRole('status').filter({ hasText: /^Scheduled on / }));
    expect(await seriousAxeViolations(page), 'the composer').toEqual([]);
    await composer.getByRole('button', { name: 'Close' }).click();
    await hidden(composer);
    await visible(card(column(page, 'Scheduled'), 'Harbour timelapse'));
    expect(await serverColumn('Harbour timelapse')).toBe('scheduled');
  });
});
