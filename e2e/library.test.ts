import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listVideos, updateVideo } from './support/api';
import { useE2e, type Workspace } from './support/e2e';
import { screenshot } from './support/screenshots';
import { answerNextDialog, hidden, poll, visible } from './support/ui';

const e2e = useE2e();

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading').allInnerTexts();
const serverTitles = async (user: Workspace) =>
  (await listVideos(e2e.apiBase, user.token, user.project.id)).map((v) => v.title).sort();

async function openLibrary(user: Workspace, ...expectTitles: string[]) {
  const page = await e2e.open({ session: user });
  await page.goto('/dashboard');
  await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
  for (const title of expectTitles) await visible(card(page, title));
  return page;
}

function uploadRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    // Each upload is created once at the tus endpoint (its bytes follow in PATCHes to its own address).
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/tus') seen.push(r.url());
  });
  return seen;
}

async function chooseFiles(page: Page, files: string[]) {
  const modal = page.getByRole('dialog', { name: 'Upload Videos' });
  if (!(await modal.isVisible())) await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
  await visible(modal.getByText('Drop your videos here'));
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(files);
  return modal;
}

async function deleteSelected(page: Page, expectedPrompt: string, accept: boolean) {
  const bar = page.getByRole('region', { name: 'Selection' });
  const dialog = answerNextDialog(page, (d) => (accept ? d.accept() : d.dismiss()));
  await bar.getByRole('button', { name: 'Delete' }).click();
  expect(await dialog).toEqual({ type: 'confirm', message: expectedPrompt });
}

describe('upload', () => {
  it('uploads a real MP4 through the file chooser: Awaiting Details, 0:02, kept by the server', async () => {
    const user = await e2e.workspace();
    const page = await openLibrary(user);
    await visible(page.getByText('No videos found'));
    await visible(page.getByText('Get started by uploading your first video'));
    const uploads = uploadRequests(page);

    await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Upload Videos' });
    await visible(modal.getByText('Drop your videos here'));
    await visible(modal.getByText('or click to browse'));
    await screenshot(page, 'upload-modal');

    const chooserEvent = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Choose Files' }).click();
    const chooser = await chooserEvent;
    expect(chooser.isMultiple(), 'several files may be chosen at once').toBe(true);
    await chooser.setFiles(e2e.fixtures.mp4('sunset-timelapse'));
    await hidden(modal);

    const item = card(page, 'sunset-timelapse');
    await visible(item);
    await visible(item.getByText('Awaiting Details'));
    await visible(item.getByRole('button', { name: 'Add Details' }));
    await poll(() => item.innerText()).toMatch(/\b0:02\b/);
    expect(uploads).toHaveLength(1);

    const [stored] = await listVideos(e2e.apiBase, user.token, user.project.id);
    expect(stored).toMatchObject({ title: 'sunset-timelapse', status: 'awaiting-details', duration: '0:02' });
    expect(await item.innerText()).toContain(stored!.size);

    await page.reload();
    await visible(card(page, 'sunset-timelapse').getByText('Awaiting Details'));
  });

  it('shows the upload at the top of the list, Uploading, until the server answers', async () => {
    const user = await e2e.workspace({ videos: ['Older Video'] });
    const page = await openLibrary(user, 'Older Video');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tus/*', async (route) => {
      await held;
      await route.continue();
    });

    await chooseFiles(page, [e2e.fixtures.mp4('fresh-upload')]);
    const item = card(page, 'fresh-upload');
    await visible(item.getByText('Uploading', { exact: true }));
    await visible(item.getByRole('progressbar', { name: 'Uploading fresh-upload' }));
    expect(await item.getByRole('checkbox').isDisabled(), 'an upload in progress cannot be selected').toBe(true);
    expect(await cardTitles(page)).toEqual(['fresh-upload', 'Older Video']);

    release();
    await visible(item.getByText('Awaiting Details'));
    expect(await item.getByRole('progressbar').count()).toBe(0);
    expect(await cardTitles(page)).toEqual(['fresh-upload', 'Older Video']);
  });

  it('takes only video files: a text file alone starts nothing, and is skipped beside two videos', async () => {
    const user = await e2e.workspace();
    const page = await openLibrary(user);
    const uploads = uploadRequests(page);
    const notes = e2e.fixtures.text('notes.txt');

    const modal = await chooseFiles(page, [notes]);
    await visible(modal.getByText('Drop your videos here'));
    expect(await page.getByRole('article').count()).toBe(0);

    await chooseFiles(page, [notes, e2e.fixtures.mp4('holiday'), e2e.fixtures.mp4('beach')]);
    await hidden(modal);
    await visible(card(page, 'holiday').getByText('Awaiting Details'));
    await visible(card(page, 'beach').getByText('Awaiting Details'));
    expect((await cardTitles(page)).sort()).toEqual(['beach', 'holiday']);
    expect(uploads).toHaveLength(2);
    expect(await serverTitles(user)).toEqual(['beach', 'holiday']);
  });

  it('marks a file that only looks like a video as Failed with the server’s reason, and keeps nothing', async () => {
    const user = await e2e.workspace();
    const page = await openLibrary(user);
    const modal = await chooseFiles(page, [e2e.fixtures.text('fake.mp4')]);
    await hidden(modal);

    const item = card(page, 'fake');
    await visible(item.getByText('Failed', { exact: true }));
    await visible(item.getByText('This file is not a video we can read'));
    expect(await serverTitles(user)).toEqual([]);

    const dialog = answerNextDialog(page, (d) => d.accept());
    await item.getByRole('button', { name: 'Remove' }).click();
    expect((await dialog).message).toBe('Delete this video?');
    await hidden(item);
    await visible(page.getByText('No videos found'));
  });
});

describe("'Add Video Details'", () => {
  it('needs a connected platform: Save & Continue stays disabled with no platforms connected', async () => {
    const user = await e2e.workspace({ videos: ['Beach Day'] });
    const page = await openLibrary(user, 'Beach Day');
    await card(page, 'Beach Day').getByRole('button', { name: 'Add Details' }).click();

    const modal = page.getByRole('dialog', { name: 'Add Video Details' });
    await visible(modal.getByText('Complete the information for your video'));
    const save = modal.getByRole('button', { name: 'Save & Continue' });
    const title = modal.getByLabel('Video Title *');
    expect(await title.inputValue()).toBe('Beach Day');
    await visible(modal.getByText('Select Platforms *'));
    await visible(modal.getByText('No platforms connected'));
    await visible(modal.getByText('Connect platforms in the Accounts section first'));
    expect(await modal.getByText('Please select at least one platform').count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);

    await title.fill('');
    await visible(modal.getByText('Video title is required'));
    expect(await save.isDisabled()).toBe(true);

    await title.fill('Beach Day at Sunset');
    await modal.getByLabel('Description').fill('Waves, sand and a sunset.');
    await visible(modal.getByText('25/5000'));
    await modal.getByLabel('Tags (comma separated)').fill('beach, summer,  , sunset');
    expect(await save.isDisabled(), 'a title alone is not enough').toBe(true);
    await screenshot(page, 'details-modal');

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await hidden(modal);
    await visible(card(page, 'Beach Day').getByText('Awaiting Details'));
    const [stored] = await listVideos(e2e.apiBase, user.token, user.project.id);
    expect(stored).toMatchObject({ title: 'Beach Day', description: '', status: 'awaiting-details' });
  });

  it('shows Ready once details are saved, and edits them through the modal', async () => {
    const user = await e2e.workspace({ videos: ['Beach Day'] });
    const [video] = user.videos;
    const page = await openLibrary(user, 'Beach Day');
    await visible(card(page, 'Beach Day').getByText('Awaiting Details'));
    // Connecting platforms comes later; until then the details are completed through the API.
    await updateVideo(e2e.apiBase, user.token, video!.id, {
      title: 'Beach Day at Sunset',
      description: 'Waves and sand.',
      tags: ['beach', 'summer'],
      platforms: ['youtube'],
      status: 'ready',
    });
    await page.reload();
    const item = card(page, 'Beach Day at Sunset');
    await visible(item.getByText('Ready', { exact: true }));
    await visible(item.getByText('YouTube'));
    expect(await item.getByRole('button', { name: 'Add Details' }).count()).toBe(0);

    await item.getByRole('button', { name: 'More actions for Beach Day at Sunset' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Video Details' });
    await visible(modal);
    expect(await modal.getByLabel('Description').inputValue()).toBe('Waves and sand.');
    expect(await modal.getByLabel('Tags (comma separated)').inputValue()).toBe('beach, summer');
    expect(await modal.getByRole('button', { name: /YouTube/ }).getAttribute('aria-pressed')).toBe('true');

    await modal.getByLabel('Description').fill('Waves, sand and a long sunset.');
    await modal.getByLabel('Tags (comma separated)').fill('beach, , sunset ');
    await modal.getByRole('button', { name: 'Save & Continue' }).click();
    await hidden(modal);
    await poll(async () => (await listVideos(e2e.apiBase, user.token, user.project.id))[0]).toMatchObject({
      description: 'Waves, sand and a long sunset.',
      tags: ['beach', 'sunset'],
      platforms: ['youtube'],
      status: 'ready',
    });
  });
});

describe('finding videos', () => {
  it('filters by title (case-insensitive) and by status', async () => {
    const user = await e2e.workspace({ videos: ['Morning Run', 'Evening Walk', 'morning coffee'] });
    await updateVideo(e2e.apiBase, user.token, user.videos[1]!.id, { platforms: ['tiktok'], status: 'ready' });
    const page = await openLibrary(user, 'Morning Run', 'Evening Walk', 'morning coffee');
    const search = page.getByPlaceholder('Search videos...');
    const status = page.getByRole('combobox', { name: 'Status' });

    expect(await status.locator('option').allInnerTexts()).toEqual([
      'All Status',
      'Awaiting Details',
      'Ready',
      'Uploading',
      'Processing',
      'Scheduled',
      'Published',
      'Failed',
    ]);
    expect(await status.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe('All Status');

    await search.fill('MORNING');
    await poll(async () => (await cardTitles(page)).sort()).toEqual(['Morning Run', 'morning coffee']);
    await search.fill('zzz');
    await visible(page.getByText('No videos found'));
    await visible(page.getByText('Try adjusting your search'));
    await search.fill('');

    await status.selectOption({ label: 'Ready' });
    await poll(() => cardTitles(page)).toEqual(['Evening Walk']);
    await status.selectOption({ label: 'Awaiting Details' });
    await poll(async () => (await cardTitles(page)).sort()).toEqual(['Morning Run', 'morning coffee']);
    await status.selectOption({ label: 'Published' });
    await visible(page.getByText('Try adjusting your search'));
    await status.selectOption({ label: 'All Status' });
    await poll(async () => (await cardTitles(page)).length).toBe(3);
    // Each card previews its video with the frame ffmpeg took from it, served by the server.
    const previews = page.getByRole('article').locator('img');
    await poll(() =>
      previews.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((img) => img.complete && img.naturalWidth > 0)),
    ).toEqual([true, true, true]);
    await screenshot(page, 'library-grid');
  });

  it('switches to the list view with its columns and actions', async () => {
    const user = await e2e.workspace({ videos: ['Morning Run', 'Evening Walk'] });
    await updateVideo(e2e.apiBase, user.token, user.videos[1]!.id, { platforms: ['x', 'reddit'], status: 'ready' });
    const page = await openLibrary(user, 'Morning Run', 'Evening Walk');

    await page.getByRole('button', { name: 'List view' }).click();
    const table = page.getByRole('table', { name: 'Videos' });
    await visible(table);
    const headers = await table.getByRole('columnheader').evaluateAll((ths) => ths.map((th) => th.textContent));
    expect(headers).toEqual(['Selected', 'Video', 'Status', 'Platforms', 'Views', 'Size', 'Date', 'Actions']);
    expect(await page.getByRole('article').count(), 'no grid cards in the list view').toBe(0);

    const awaiting = table.getByRole('row').filter({ hasText: 'Morning Run' });
    const ready = table.getByRole('row').filter({ hasText: 'Evening Walk' });
    await visible(awaiting.getByRole('button', { name: 'Add Details' }));
    await visible(awaiting.getByRole('button', { name: 'Edit Morning Run' }));
    await visible(awaiting.getByRole('button', { name: 'Delete Morning Run' }));
    expect(await ready.getByRole('button', { name: 'Add Details' }).count()).toBe(0);
    await visible(ready.getByText('Ready', { exact: true }));
    expect(await ready.innerText()).toMatch(/0:02[\s\S]*N\/A/);
    const germanDate = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(new Date(user.videos[1]!.uploadDate));
    expect(await ready.innerText(), 'German date: 2-digit day, short month, year').toContain(germanDate);
    expect(await ready.innerText()).toContain(user.videos[1]!.size);
    await screenshot(page, 'library-list');

    await page.getByRole('button', { name: 'Grid view' }).click();
    await visible(card(page, 'Morning Run'));
    expect(await table.count()).toBe(0);
  });
});

describe('deleting', () => {
  it('select-all takes only what the filter shows; bulk delete asks first and removes on the server', async () => {
    const user = await e2e.workspace({ videos: ['Morning Run', 'Evening Walk', 'morning coffee'] });
    const page = await openLibrary(user, 'Morning Run', 'Evening Walk', 'morning coffee');
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    const bar = page.getByRole('region', { name: 'Selection' });

    await page.getByPlaceholder('Search videos...').fill('morning');
    await poll(async () => (await cardTitles(page)).length).toBe(2);
    await selectAll.check();
    await visible(bar.getByText('2 selected'));

    await deleteSelected(page, 'Delete 2 selected videos?', false);
    expect(await cardTitles(page)).toHaveLength(2);
    expect(await serverTitles(user)).toEqual(['Evening Walk', 'Morning Run', 'morning coffee']);

    await deleteSelected(page, 'Delete 2 selected videos?', true);
    await visible(page.getByText('No videos found'));
    await hidden(bar);
    await page.getByPlaceholder('Search videos...').fill('');
    await poll(() => cardTitles(page)).toEqual(['Evening Walk']);
    expect(await serverTitles(user)).toEqual(['Evening Walk']);

    await page.reload();
    await visible(card(page, 'Evening Walk'));
    expect(await cardTitles(page)).toEqual(['Evening Walk']);
  });

  it("deletes a single video after 'Delete this video?', from the card menu and from the list", async () => {
    const user = await e2e.workspace({ videos: ['Keep Me', 'Card Delete', 'Row Delete'] });
    const page = await openLibrary(user, 'Keep Me', 'Card Delete', 'Row Delete');

    await card(page, 'Card Delete').getByRole('button', { name: 'More actions for Card Delete' }).click();
    let dialog = answerNextDialog(page, (d) => d.accept());
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(await dialog).toEqual({ type: 'confirm', message: 'Delete this video?' });
    await hidden(card(page, 'Card Delete'));

    await page.getByRole('button', { name: 'List view' }).click();
    const row: Locator = page.getByRole('row').filter({ hasText: 'Row Delete' });
    dialog = answerNextDialog(page, (d) => d.dismiss());
    await row.getByRole('button', { name: 'Delete Row Delete' }).click();
    expect((await dialog).message).toBe('Delete this video?');
    await visible(row);

    dialog = answerNextDialog(page, (d) => d.accept());
    await row.getByRole('button', { name: 'Delete Row Delete' }).click();
    await dialog;
    await hidden(row);
    expect(await serverTitles(user)).toEqual(['Keep Me']);
  });
});
