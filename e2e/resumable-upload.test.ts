import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { listVideos } from './support/api';
import { useE2e, type Workspace } from './support/e2e';
import { hidden, poll, visible } from './support/ui';

const e2e = useE2e();

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

interface TusRequest {
  method: string;
  offset: string | null;
}

/** The tus requests the page sends (creation, HEADs, PATCHes), in order. */
function tusRequests(page: Page): TusRequest[] {
  const seen: TusRequest[] = [];
  page.on('request', (r: Request) => {
    if (!new URL(r.url()).pathname.startsWith('/api/tus')) return;
    seen.push({ method: r.method(), offset: r.headers()['upload-offset'] ?? null });
  });
  return seen;
}

/**
 * The first PATCH's connection drops after half of its bytes reached the server: the first half is handed to
 * the server as that request would have, then the browser's request is cut. `stored`: the bytes the server has.
 */
async function cutFirstPatchHalfway(
  page: Page,
  { thenCutEverything = false } = {},
): Promise<{ stored: Promise<number> }> {
  let cut = false;
  let done!: (bytes: number) => void;
  const stored = new Promise<number>((resolve) => (done = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/tus/'),
    async (route: Route) => {
      const request = route.request();
      if (cut) return thenCutEverything ? route.abort('connectionreset') : route.continue();
      if (request.method() !== 'PATCH') return route.continue();
      cut = true;
      const body = request.postDataBuffer()!;
      const half = Math.floor(body.length / 2);
      const headers = request.headers();
      const res = await fetch(new URL(new URL(request.url()).pathname, e2e.apiBase), {
        method: 'PATCH',
        headers: {
          authorization: headers.authorization!,
          'tus-resumable': headers['tus-resumable']!,
          'upload-offset': headers['upload-offset']!,
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(body.subarray(0, half)),
      });
      expect(res.status, 'the server keeps the first half').toBe(204);
      await route.abort('connectionreset');
      done(Number(res.headers.get('upload-offset')));
    },
  );
  return { stored };
}

async function chooseFile(page: Page, file: string) {
  await page.getByRole('button', { name: 'Upload Videos', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Upload Videos' });
  await visible(modal.getByText('Drop your videos here'));
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Choose Files' }).click();
  await (await chooser).setFiles(file);
  await hidden(modal);
}

async function openLibrary(page: Page) {
  await page.goto('/dashboard');
  await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
}

async function storedVideo(user: Workspace, title: string) {
  const videos = await listVideos(e2e.apiBase, user.token, user.project.id);
  return videos.filter((video) => video.title === title);
}

const tusKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::')));

describe('resumable upload', () => {
  it('carries on from the byte the server has when the connection drops mid-way: one whole video', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await openLibrary(page);
    const file = e2e.fixtures.mp4('harbour-at-dawn');
    const size = fs.statSync(file).size;
    const requests = tusRequests(page);
    const { stored } = await cutFirstPatchHalfway(page);

    await chooseFile(page, file);
    const item = card(page, 'harbour-at-dawn');
    await visible(item.getByText('Awaiting Details'));
    const half = await stored;
    expect(half).toBe(Math.floor(size / 2));

    // Created, cut after half, asked how far it got, then only the rest sent.
    expect(requests).toEqual([
      { method: 'POST', offset: null },
      { method: 'PATCH', offset: '0' },
      { method: 'HEAD', offset: null },
      { method: 'PATCH', offset: String(half) },
    ]);
    const videos = await storedVideo(user, 'harbour-at-dawn');
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ status: 'awaiting-details', sizeBytes: size, duration: '0:02' });
    await poll(() => page.getByRole('article', { name: 'harbour-at-dawn', exact: true }).count()).toBe(1);
    expect(await tusKeys(page), 'a finished upload is not offered for resuming').toEqual([]);
  });

  it("offers a closed tab's unfinished upload with its progress, and resumes it from the same file", async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await openLibrary(page);
    const file = e2e.fixtures.mp4('city-lights');
    const size = fs.statSync(file).size;
    const { stored } = await cutFirstPatchHalfway(page, { thenCutEverything: true });
    await chooseFile(page, file);
    const half = await stored;
    expect(await tusKeys(page)).toHaveLength(1);

    // The tab is closed mid-way and the library opened again in a new one.
    const context = page.context();
    const reopened = await context.newPage();
    await page.close();
    const pageErrors: string[] = [];
    reopened.on('pageerror', (error) => pageErrors.push(error.message));
    await openLibrary(reopened);
    const item = card(reopened, 'city-lights');
    const progress = Math.floor((half / size) * 100);
    await visible(item.getByText(`Stopped at ${progress}%. Choose city-lights.mp4 again to resume.`));
    await visible(item.getByRole('button', { name: 'Resume upload of city-lights' }));
    expect(await seriousAxeViolations(reopened), 'serious or critical axe findings with the resume offer').toEqual([]);
    expect(await storedVideo(user, 'city-lights')).toEqual([]);

    const requests = tusRequests(reopened);
    const chooser = reopened.waitForEvent('filechooser');
    await item.getByRole('button', { name: 'Resume upload of city-lights' }).click();
    await (await chooser).setFiles(path.resolve(file));
    await visible(item.getByText('Awaiting Details'));
    expect(requests).toEqual([
      { method: 'HEAD', offset: null },
      { method: 'PATCH', offset: String(half) },
    ]);
    const videos = await storedVideo(user, 'city-lights');
    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ status: 'awaiting-details', sizeBytes: size });
    expect(await tusKeys(reopened)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
