import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { listVideos } from './support/api';
import { useE2e } from './support/e2e';
import { atPath, hidden, poll, visible } from './support/ui';

const e2e = useE2e();

const VIDEO = 'Harbour at dawn';
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function chooseFiles(page: Page, files: string[]) {
  await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload Videos' });
  await visible(modal.getByText('Drop your videos here'));
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(files);
  return modal;
}

/** Every request that carries a file's bytes: a form upload, a tus creation or a tus PATCH. */
function byteRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    const upload = r.method() === 'POST' && (pathname === '/api/upload' || pathname === '/api/tus');
    if (upload || (r.method() === 'PATCH' && pathname.startsWith('/api/tus/'))) seen.push(`${r.method()} ${pathname}`);
  });
  return seen;
}

describe('the content library', () => {
  it('finds a file the project already has before sending a byte of it, offering "Keep both" or "Open the first", and files videos in collections', async () => {
    const user = await e2e.workspace({ videos: [VIDEO] });
    const first = user.videos[0]!;
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    await visible(card(page, VIDEO));
    const sent = byteRequests(page);
    const clip = e2e.fixtures.mp4('clip');

    // The same file again (another name): found before it is sent, and the choice offered in the dialog.
    const modal = await chooseFiles(page, [e2e.fixtures.copy(clip, 'harbour-copy')]);
    const found = modal.getByRole('list', { name: 'Files already in this project' });
    await visible(found.getByText('“harbour-copy” is already in this project.', { exact: false }));
    expect(sent, 'nothing of the file was sent').toEqual([]);
    expect(await seriousAxeViolations(page), 'the upload dialog with a file the project has').toEqual([]);
    await screenshot(page, 'upload-duplicate-found');
    await found.getByRole('button', { name: 'Keep both' }).click();
    await hidden(modal);
    await poll(async () => (await listVideos(e2e.apiBase, user.token, user.project.id)).length).toBe(2);
    expect(sent[0], 'kept on purpose, it is sent').toBe('POST /api/tus');

    // Once more, and this time nothing is sent and the first one is opened.
    sent.length = 0;
    await chooseFiles(page, [e2e.fixtures.copy(clip, 'harbour-third')]);
    await found.getByRole('button', { name: 'Open the first' }).click();
    await atPath(page, `/video/${first.id}`);
    await hidden(modal);
    expect(sent).toEqual([]);
    const titles = (await listVideos(e2e.apiBase, user.token, user.project.id)).map((v) => v.title).sort();
    expect(titles).toEqual([VIDEO, 'harbour-copy']);

    // Two copies of a new file chosen at once both pass the check: the server keeps the second marked as a
    // copy, and the library offers the same choice after the upload.
    await page.goto('/dashboard');
    const twin = e2e.fixtures.mp4('twin');
    await chooseFiles(page, [twin, e2e.fixtures.copy(twin, 'twin-copy')]);
    const notice = page.getByRole('region', { name: 'Duplicate uploads' });
    await visible(notice.getByText('is already in this project.', { exact: false }));
    expect(await seriousAxeViolations(page), 'the library with a duplicate notice').toEqual([]);
    await notice.getByRole('button', { name: 'Keep both' }).click();
    await hidden(notice);
    await poll(async () => (await listVideos(e2e.apiBase, user.token, user.project.id)).length).toBe(4);

    // A collection, made in its dialog, filled from the selection, then used as the library's filter.
    await page.goto('/dashboard');
    await visible(card(page, VIDEO));
    await page.getByRole('button', { name: 'Collections…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Collections' });
    await dialog.getByLabel('New collection name').fill('Summer reels');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await visible(dialog.getByText('Summer reels'));
    expect(await seriousAxeViolations(page), 'the Collections dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await hidden(dialog);

    await card(page, VIDEO).getByRole('checkbox').check();
    await page.getByLabel('Add selected to').selectOption({ label: 'Summer reels' });
    await visible(page.getByText('Added to “Summer reels”.'));
    await page.getByLabel('Collection', { exact: true }).selectOption({ label: 'Summer reels (1)' });
    await poll(() => page.getByRole('article').count()).toBe(1);
    await visible(card(page, VIDEO));
  });

  it('makes a personal API token on the Security screen, shows it once, and the API takes it', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/security');
    const section = page.getByRole('region', { name: 'API tokens' });
    await visible(section.getByText('You have no API tokens.'));
    await section.getByLabel('Token name').fill('n8n weekly report');
    await section.getByLabel('Read and write').check();
    await section.getByRole('button', { name: 'Create token' }).click();

    const shown = section.getByLabel('New API token');
    await visible(shown);
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^fanout_pat_/);
    expect(await seriousAxeViolations(page), 'the Security screen with a new token').toEqual([]);
    const me = await fetch(`${e2e.apiBase}/api/auth/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status).toBe(200);

    await section.getByRole('button', { name: 'Done' }).click();
    await hidden(shown);
    const list = section.getByRole('list', { name: 'API tokens' });
    await visible(list.getByText('n8n weekly report'));
    await page.reload();
    const listed = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
    await visible(listed.getByText('n8n weekly report'));
    await visible(listed.getByRole('button', { name: 'Revoke n8n weekly report' }));
    expect(await page.content(), 'the secret is never shown again').not.toContain(secret);
  });
});
