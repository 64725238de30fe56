import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectAllSandboxAccounts } from './support/accounts';
import { listVideos } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { poll, visible } from './support/ui';

const e2e = useE2e();

/** A small PNG made with ffmpeg (nothing binary is checked in). */
function png(dir: string): string {
  const file = path.join(dir, 'cover.png');
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'color=c=orange:s=64x36'];
  execFileSync('ffmpeg', [...args, '-frames:v', '1', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  return file;
}

describe('a video’s cover', () => {
  it('sets a frame with the keyboard, then an uploaded image, and says which cover each platform gets', async () => {
    const user = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const video = user.videos[0]!;
    const page = await e2e.open({ session: user });
    await page.goto(`/video/${video.id}`);
    const section = page.getByRole('region', { name: 'Cover' });
    await visible(section.getByText('TikTok: its own choice of frame', { exact: true }));

    // The scrubber moves by keys (a tenth of a second each), and nothing is sent until "Use this frame".
    const scrubber = section.getByRole('slider', { name: 'Cover frame' });
    await scrubber.focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await visible(section.getByText('0:01', { exact: true }));
    expect((await listVideos(e2e.apiBase, user.token, user.project.id))[0]!.cover).toBeNull();
    await section.getByRole('button', { name: 'Use this frame' }).click();
    await visible(section.getByText('The frame is now the cover.'));
    await visible(section.getByRole('img', { name: 'The cover: the frame at 0:01' }));
    await visible(section.getByText('TikTok: the frame at 0:01', { exact: true }));
    await visible(section.getByText('Instagram: the frame at 0:01', { exact: true }));
    await poll(async () => (await listVideos(e2e.apiBase, user.token, user.project.id))[0]!.cover).toMatchObject({
      kind: 'frame',
      frameMs: 1200,
    });
    expect(await seriousAxeViolations(page), 'the video page with a frame cover').toEqual([]);

    // An image instead: YouTube, a Page video and Reddit get it; Instagram cannot fetch it from a local address.
    await section.getByLabel('Upload an image').setInputFiles(png(e2e.fixtures.dir));
    await visible(section.getByText('Your image is now the cover.'));
    await visible(section.getByRole('img', { name: 'The cover: your image' }));
    for (const line of [
      'YouTube: your image',
      'Facebook: your image',
      'Facebook Reel: its own choice of frame (Reels take no cover)',
      'Reddit: your image',
      'Instagram: its own choice of frame (an image needs a public address)',
      'X (Twitter): takes no cover',
    ])
      await visible(section.getByText(line, { exact: true }));
    expect(await seriousAxeViolations(page), 'the video page with an image cover').toEqual([]);

    // The composer says the same under each chosen target, by the Facebook post's kind.
    await connectAllSandboxAccounts(page, e2e.origin);
    await page.goto(`/video/${video.id}`);
    const form = page.getByRole('form', { name: 'Publish Harbour at dawn' });
    await form.getByRole('checkbox', { name: 'TikTok', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Facebook', exact: true }).check();
    await visible(form.getByText('Cover · TikTok: its own choice of frame (it takes a frame, not an image)'));
    await visible(form.getByText('Cover · Facebook: your image'));
    await form.getByLabel('Facebook post type').selectOption({ label: 'Reel' });
    await visible(form.getByText('Cover · Facebook Reel: its own choice of frame (Reels take no cover)'));
    expect(await seriousAxeViolations(page), 'the composer with cover lines').toEqual([]);
  });
});
