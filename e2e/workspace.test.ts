import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listProjects, listVideos, uploadVideo } from './support/api';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { answerNextDialog, atPath, hidden, poll, storageItem, visible } from './support/ui';

const e2e = useE2e();

const COLOR_PAIRS = [
  ['#ef4444', '#dc2626'],
  ['#3b82f6', '#9333ea'],
  ['#10b981', '#14b8a6'],
  ['#f59e0b', '#ea580c'],
  ['#8b5cf6', '#ec4899'],
];

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const switcher = (page: Page) => sidebar(page).getByRole('button', { name: /^Active workspace: / });

async function openSwitcher(page: Page) {
  await switcher(page).click();
  const menu = sidebar(page).getByRole('menu');
  await visible(menu);
  return menu;
}

async function createProjectThroughPrompt(page: Page, answer: string | null) {
  const menu = await openSwitcher(page);
  const dialog = answerNextDialog(page, (d) => (answer === null ? d.dismiss() : d.accept(answer)));
  await menu.getByRole('menuitem', { name: 'Create new project' }).click();
  expect(await dialog).toEqual({ type: 'prompt', message: 'Enter project name:' });
}

describe('projects', () => {
  it("creates a project from 'Create new project' and shows it in the switcher with its initials", async () => {
    const user = await e2e.workspace({ videos: ['First Cut'] });
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    await visible(page.getByRole('article', { name: 'First Cut' }));
    await poll(() => switcher(page).innerText()).toMatch(
      new RegExp(`\\b${user.project.initials}\\s+${user.project.name}\\s+1 video\\b`),
    );

    await createProjectThroughPrompt(page, 'summer campaign 2025');
    await visible(sidebar(page).getByRole('button', { name: 'Active workspace: summer campaign 2025' }));
    await poll(() => switcher(page).innerText()).toMatch(/\bSC\s+summer campaign 2025\s+0 videos/);
    await visible(page.getByText('No videos found'));

    const created = (await listProjects(e2e.apiBase, user.token)).find((p) => p.name === 'summer campaign 2025');
    expect(created).toMatchObject({ initials: 'SC', video_count: 0 });
    expect(COLOR_PAIRS).toContainEqual([created!.color1, created!.color2]);
    expect(await storageItem(page, 'currentProjectId')).toBe(String(created!.id));

    const menu = await openSwitcher(page);
    const items = menu.getByRole('menuitem');
    expect((await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `${user.project.initials} ${user.project.name} 1 video`,
      'SC summer campaign 2025 0 videos (current)',
      'Create new project',
    ]);
    await screenshot(page, 'project-switcher');
    await items.filter({ hasText: user.project.name }).click();
    await visible(page.getByRole('article', { name: 'First Cut' }));
    expect(await storageItem(page, 'currentProjectId')).toBe(String(user.project.id));
  });

  it('creates nothing when the prompt is cancelled or left empty', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    await visible(switcher(page));
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/projects') posts.push(r.url());
    });

    await createProjectThroughPrompt(page, null);
    await createProjectThroughPrompt(page, '   ');
    await visible(sidebar(page).getByRole('button', { name: `Active workspace: ${user.project.name}` }));
    expect(posts).toEqual([]);
    expect(await listProjects(e2e.apiBase, user.token)).toHaveLength(1);
  });

  it('shows the storage used in the sidebar', async () => {
    const user = await e2e.workspace({ videos: ['One'] });
    const usage = (await (
      await fetch(`${e2e.apiBase}/api/used-storage`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as { used_storage: number; total_storage: number };
    expect(usage.used_storage).toBeGreaterThan(0);
    expect(usage.used_storage).toBeLessThan(1024 * 1024);

    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    const storage = sidebar(page).getByRole('region', { name: 'Storage' });
    const expected = `${(usage.used_storage / 1024).toFixed(2)} KB of ${(usage.total_storage / 1024 ** 3).toFixed(2)} GB used`;
    await visible(storage.getByText(expected));
    const bar = storage.getByRole('progressbar', { name: 'Storage used' });
    const drawn = await bar.evaluate((el) => (el.firstElementChild as HTMLElement).style.width);
    expect(drawn, 'a little use is drawn at least 3% wide').toBe('3%');
  });

  it('shows the project settings and the connected accounts of the current project', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });

    await page.goto('/project-settings');
    await visible(page.getByRole('heading', { name: 'Project Settings', level: 1 }));
    await poll(() => page.getByLabel('Project name').inputValue()).toBe(user.project.name);
    expect(await page.getByLabel('Initials').inputValue()).toBe(user.project.initials);
    await screenshot(page, 'project-settings');

    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled(), 'nothing changed yet').toBe(true);
    await page.getByLabel('Project name').fill('client work');
    expect(await page.getByLabel('Initials').inputValue()).toBe('CW');
    await save.click();
    await visible(sidebar(page).getByRole('button', { name: 'Active workspace: client work' }));
    await poll(() => switcher(page).innerText()).toMatch(/\bCW\s+client work/);
    expect((await listProjects(e2e.apiBase, user.token))[0]).toMatchObject({ name: 'client work', initials: 'CW' });

    await page.goto('/accounts');
    await visible(page.getByRole('heading', { name: 'Connected accounts', level: 1 }));
    const platforms = page.getByRole('list', { name: 'Platforms' }).getByRole('listitem');
    await poll(() => platforms.getByText('Not connected').count()).toBe(6);
    expect(await platforms.getByRole('heading').allInnerTexts()).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
      'X (Twitter)',
      'Reddit',
    ]);
    await screenshot(page, 'accounts');
  });
});

describe('video page', () => {
  it('opens from the library, loads and plays the media, and answers Range requests with 206', async () => {
    const user = await e2e.workspace({ videos: ['Drone Flight'] });
    const [video] = user.videos;
    const page = await e2e.open({ session: user });
    const mediaStatuses: number[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'media') mediaStatuses.push(r.status());
    });

    await page.goto('/dashboard');
    await page
      .getByRole('article', { name: 'Drone Flight' })
      .getByRole('link', { name: 'Drone Flight', exact: true })
      .click();
    await atPath(page, `/video/${video!.id}`);
    await visible(page.getByRole('heading', { name: 'Drone Flight', level: 1 }));
    await visible(page.getByText('Awaiting Details'));

    const player = page.getByLabel('Video: Drone Flight');
    await poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const { duration, src } = await player.evaluate((v: HTMLVideoElement) => ({
      duration: v.duration,
      src: v.currentSrc,
    }));
    expect(duration).toBeCloseTo(2, 1);
    expect(new URL(src).pathname).toBe(`/uploads/${video!.filename}`);

    const ranged = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Range: 'bytes=0-99' } });
      return {
        status: res.status,
        contentRange: res.headers.get('content-range'),
        contentType: res.headers.get('content-type'),
        length: (await res.arrayBuffer()).byteLength,
      };
    }, src);
    expect(ranged).toEqual({
      status: 206,
      contentRange: `bytes 0-99/${video!.sizeBytes}`,
      contentType: 'video/mp4',
      length: 100,
    });

    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
    expect(mediaStatuses, 'the player itself streamed the file in ranges').toContain(206);

    const facts = page.getByRole('region', { name: 'Details' });
    await poll(() => facts.innerText()).toMatch(/Duration\s+0:02/);
    expect(await facts.innerText()).toMatch(/Resolution\s+128 × 72/);
    expect(await facts.innerText()).toMatch(/File type\s+video\/mp4/);
    const thumbnail = page.getByRole('img', { name: 'Thumbnail of Drone Flight' });
    await poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'video-detail');
  });

  it('deletes the video after confirmation and returns to the library', async () => {
    const user = await e2e.workspace({ videos: ['Short Lived'] });
    const page = await e2e.open({ session: user });
    await page.goto(`/video/${user.videos[0]!.id}`);
    await visible(page.getByRole('heading', { name: 'Short Lived', level: 1 }));
    const dialog = answerNextDialog(page, (d) => d.accept());
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await dialog).message).toBe('Delete this video?');
    await atPath(page, '/dashboard');
    await visible(page.getByText('No videos found'));
    expect(await listVideos(e2e.apiBase, user.token)).toEqual([]);
  });

  it("says so for a video that does not exist or is someone else's", async () => {
    const owner = await e2e.workspace({ videos: ['Private'] });
    const stranger = await e2e.signUp();
    const page = await e2e.open({ session: stranger });
    await page.goto(`/video/${owner.videos[0]!.id}`);
    await visible(page.getByRole('heading', { name: 'Video not found' }));
    await page.goto('/video/999999');
    await visible(page.getByRole('heading', { name: 'Video not found' }));
  });
});

describe('header search', () => {
  it('finds videos by title with a count and the match highlighted, and opens the result', async () => {
    const user = await e2e.workspace({ videos: ['Sunset Timelapse', 'Morning Run'] });
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search files and folders' });

    await search.click();
    await visible(page.getByText('Type to search files and folders...'));

    await search.fill('SUN');
    await visible(page.getByText('1 result(s)'));
    const results = page.getByRole('listbox', { name: 'Search results' });
    const option = results.getByRole('option');
    expect(await option.count()).toBe(1);
    expect(await option.locator('mark').allInnerTexts()).toEqual(['Sun']);
    await poll(() => option.innerText()).toContain('Sunset Timelapse');

    await search.fill('zzz');
    await visible(page.getByText('No results found for "zzz"'));
    expect(await results.count()).toBe(0);

    await search.fill('run');
    await visible(page.getByText('1 result(s)'));
    await results.getByRole('option').click();
    await atPath(page, `/video/${user.videos[1]!.id}`);
    await visible(page.getByRole('heading', { name: 'Morning Run', level: 1 }));
  });

  it("finds nothing of another user's videos", async () => {
    await e2e.workspace({ videos: ['Secret Plans'] });
    const other = await e2e.workspace({ videos: ['Public Talk'] });
    await uploadVideo(e2e.apiBase, other.token, other.project.id, e2e.fixtures.mp4('clip'), 'Secret Recipe');
    const page = await e2e.open({ session: other });
    await page.goto('/dashboard');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search files and folders' });
    await search.fill('secret');
    await visible(page.getByText('1 result(s)'));
    expect(await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').allInnerTexts()).toEqual([
      expect.stringContaining('Secret Recipe'),
    ]);
  });

  it('closes the result list with Escape', async () => {
    const user = await e2e.workspace({ videos: ['Escape Room'] });
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search files and folders' });
    await search.fill('escape');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await visible(results);
    await search.press('Escape');
    await hidden(results);
    await poll(() => search.getAttribute('aria-expanded'), 'the search panel is closed').toBe('false');
    expect(await page.getByText('Type to search files and folders...').isVisible()).toBe(false);
  });
});
