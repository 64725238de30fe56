import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Rendition } from '@fanout/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectAllSandboxAccounts } from './support/accounts';
import { call, uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

/** A 6 s 1920×1080 HEVC/AAC MP4, as a phone records it (X and a Reel take only H.264), made with ffmpeg. */
function hevcMp4(dir: string): string {
  const file = path.join(dir, 'hevc-1080p.mp4');
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=duration=6:size=1920x1080:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=6'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-crf', '38', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1'],
      ...['-x265-params', 'log-level=error', '-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart'],
      file,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return file;
}

/** One target's card in the composer, by its platform's name. */
const targetCard = (page: Page, form: Locator, name: string) =>
  form.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name, exact: true }) });

const postOf = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: label, exact: true });

/**
 * The values the progress bar called `label` inside `scope` draws, recorded as the page draws them (a value held
 * for less than a poll is not missed), until it has drawn two, one of them between 0 and 100 (it moved), or
 * `scope` says `done` (the copy or the post is finished). Start it before the action that makes the bar move.
 */
async function progressDrawn(scope: Locator, label: string, done: string): Promise<number[]> {
  const root = await scope.elementHandle();
  const handle = await root!.evaluateHandle((el, name) => {
    const seen = new Set<number>();
    const read = () => {
      for (const bar of el.querySelectorAll('[role="progressbar"]'))
        if (bar.getAttribute('aria-label') === name) seen.add(Number(bar.getAttribute('aria-valuenow')));
    };
    new MutationObserver(read).observe(el, { subtree: true, childList: true, attributes: true });
    read();
    return { el, seen };
  }, label);
  const drawn = await scope.page().waitForFunction(
    ([{ el, seen }, until]) => {
      const values = [...seen].sort((a, b) => a - b);
      const moved = values.length >= 2 && values.some((v) => v > 0 && v < 100);
      return moved || (el.textContent ?? '').includes(until) ? values : false;
    },
    [handle, done] as const,
    { timeout: 60_000 },
  );
  return (await drawn.jsonValue()) as number[];
}

/** Two values or more, one between 0 and 100: the bar moved while the page was looked at. */
const moved = (values: number[]) => values.length >= 2 && values.some((v) => v > 0 && v < 100);

interface PublishedMedia {
  platform: string;
  media?: { videoCodec: string; width: number; height: number };
}

async function published(): Promise<PublishedMedia[]> {
  const res = await fetch(`${e2e.emulatorUrl}/_control/published`);
  return ((await res.json()) as { items: PublishedMedia[] }).items;
}

describe('a video made to fit each platform', () => {
  // Real renders: in a CI run they share the two cores with the server tiers, at a lower priority (240 s).
  it('says what does not fit, makes the copies with their progress in the page, and publishes the copies', async () => {
    const title = 'Harbour in HEVC';
    const user = await e2e.workspace();
    const video = await uploadVideo(e2e.apiBase, user.token, user.project.id, hevcMp4(e2e.fixtures.dir), title);
    const page = await e2e.open({ session: user });
    await connectAllSandboxAccounts(page, e2e.origin);
    await page.goto(`/video/${video.id}`);
    const form = page.getByRole('form', { name: `Publish ${title}` });
    for (const name of ['X (Twitter)', 'Facebook', 'TikTok'])
      await form.getByRole('checkbox', { name, exact: true }).check();
    await form.getByLabel('Facebook post type').selectOption({ label: 'Reel' });

    // What does not fit, per target: X takes H.264 in a 1280×1024 box; a Reel 9:16 (Facebook names no codec);
    // TikTok takes it as it is.
    const x = targetCard(page, form, 'X (Twitter)');
    const reel = targetCard(page, form, 'Facebook');
    const tiktok = targetCard(page, form, 'TikTok');
    await visible(x.getByText('Does not fit X (Twitter) as uploaded'));
    await visible(x.getByText(/accepts .* video; this one is HEVC/).first());
    await visible(x.getByText(/at most 1,?280 pixels on their long side/).first());
    await visible(reel.getByText('Does not fit Facebook as uploaded'));
    await visible(reel.getByText(/needs an aspect ratio of 9:16/).first());
    await visible(tiktok.getByText('Fits TikTok'));
    await form.getByLabel('TikTok privacy').selectOption({ label: 'Only me' });

    // Make it fit on X: the plan, then the copy's progress moving in the page, then the copy playing.
    await x.getByRole('button', { name: 'Make it fit' }).click();
    const xPanel = x.getByRole('region', { name: 'A copy for X (Twitter)' });
    await visible(xPanel.getByText(/Scale to 1280×720 · Encode H\.264\/AAC at 30 fps/));
    expect(await seriousAxeViolations(page), 'the composer with the fit panel open').toEqual([]);
    const watching = progressDrawn(xPanel, 'Fitting copy for X (Twitter)', 'Fitting copy ready');
    await xPanel.getByRole('button', { name: 'Make the copy' }).click();
    const inComposer = await watching;
    expect(moved(inComposer), `the X copy's progress drawn in the composer: [${inComposer.join(', ')}]`).toBe(true);
    const copy = xPanel.locator('video[aria-label="Fitting copy for X (Twitter)"]');
    await copy.waitFor({ state: 'visible', timeout: 60_000 });
    await visible(xPanel.getByText(/^Fitting copy ready: 1280×720/));
    const { renditions } = await call<{ renditions: Rendition[] }>(e2e.apiBase, `/videos/${video.id}/renditions`, {
      token: user.token,
    });
    const made = renditions.find((r) => r.platform === 'x')!;
    expect(await copy.getAttribute('src')).toBe(made.url);
    // The copy's bytes are a video the browser reads: 1280×720 once its header is loaded.
    await page.waitForFunction(
      (el) => (el as HTMLVideoElement).readyState >= 1 && (el as HTMLVideoElement).videoWidth === 1280,
      await copy.elementHandle(),
      { timeout: 30_000 },
    );

    // Make vertical on TikTok: asked for, not waited for; the post waits for it.
    await tiktok.getByRole('button', { name: 'Make vertical' }).click();
    const tiktokPanel = tiktok.getByRole('region', { name: 'A copy for TikTok' });
    await visible(tiktokPanel.getByText(/Pad to 1080×1920 over a blurred copy/));
    await tiktokPanel.getByRole('button', { name: 'Make the copy' }).click();
    await visible(tiktokPanel.getByRole('progressbar', { name: 'Fitting copy for TikTok' }));
    await form.getByRole('checkbox', { name: 'Facebook', exact: true }).uncheck();

    await form.getByRole('button', { name: 'Publish now' }).click();
    // The composer has taken the send in (its buttons back from busy) before the screen is judged.
    await visible(form.getByRole('status').getByText(/^Publishing to /));
    const tiktokPost = postOf(page, 'TikTok');
    await visible(tiktokPost.getByText(/^Making the copy for TikTok… \d+ %$/));
    expect(await seriousAxeViolations(page), 'the post view while a copy is being made').toEqual([]);
    const xPost = postOf(page, 'X (Twitter)');
    await xPost.getByText('Published', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    // X's post is settled; the TikTok post goes on following its copy as it is made (the live events say so).
    const onPost = await progressDrawn(tiktokPost, 'Fitting copy for TikTok', 'Published');
    expect(moved(onPost), `the TikTok copy's progress drawn on the post: [${onPost.join(', ')}]`).toBe(true);
    await tiktokPost.getByText('Published', { exact: true }).waitFor({ state: 'visible', timeout: 90_000 });

    // X received the copy once: H.264 within its box, as ffprobe read the bytes it was sent.
    const onX = (await published()).filter((item) => item.platform === 'x');
    expect(onX).toHaveLength(1);
    expect(onX[0]!.media).toMatchObject({ videoCodec: 'h264' });
    expect(onX[0]!.media!.width).toBeLessThanOrEqual(1280);
    expect(onX[0]!.media!.height).toBeLessThanOrEqual(1024);
    const onTikTok = (await published()).filter((item) => item.platform === 'tiktok');
    expect(onTikTok.map((item) => item.media && [item.media.width, item.media.height])).toEqual([[1080, 1920]]);
  }, 240_000);
});
