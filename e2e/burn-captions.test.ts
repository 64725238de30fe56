import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Rendition } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { connectAllSandboxAccounts } from './support/accounts';
import { call, uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

const SRT = '1\n00:00:00,000 --> 00:00:03,500\nHARBOUR AT DAWN\n';

interface PublishedItem {
  platform: string;
  sha256: string;
  media?: { width: number; height: number };
}

/** The SHA-256 of a copy's bytes, read through the API as its owner. */
async function copySha256(token: string, id: number): Promise<string> {
  const res = await fetch(`${e2e.apiBase}/api/renditions/${id}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return createHash('sha256')
    .update(Buffer.from(await res.arrayBuffer()))
    .digest('hex');
}

describe('captions burned into the copy a platform without a captions API gets', () => {
  // Real renders: in a CI run they share the two cores with the server tiers, at a lower priority (240 s).
  it('adds an SRT track, makes a TikTok copy with it burned in, plays it, and publishes that copy', async () => {
    const title = 'Harbour with captions';
    const user = await e2e.workspace();
    const clip = e2e.fixtures.sizedMp4('landscape-640', { width: 640, height: 360, seconds: 4 });
    const video = await uploadVideo(e2e.apiBase, user.token, user.project.id, clip, title);
    const page = await e2e.open({ session: user });
    await connectAllSandboxAccounts(page, e2e.origin);
    await page.goto(`/video/${video.id}`);

    // A caption track, added on the video page.
    const srt = path.join(e2e.fixtures.dir, 'harbour.en.srt');
    fs.writeFileSync(srt, SRT);
    const captions = page.getByRole('region', { name: 'Captions' });
    await captions.getByLabel('Caption file (.srt or .vtt)').setInputFiles(srt);
    await captions.getByRole('button', { name: 'Upload captions' }).click();
    await visible(captions.getByText('en (en) · SRT · 1 cue'));

    // TikTok, made vertical, with the English track burned in.
    const form = page.getByRole('form', { name: `Publish ${title}` });
    await form.getByRole('checkbox', { name: 'TikTok', exact: true }).check();
    await form.getByLabel('TikTok privacy').selectOption({ label: 'Only me' });
    await form.getByRole('button', { name: 'Make vertical' }).click();
    const panel = form.getByRole('region', { name: 'A copy for TikTok' });
    await visible(panel.getByText(/^Pad to 360×640 over a blurred copy · Encode H\.264\/AAC/));
    const burn = panel.getByRole('checkbox', { name: 'Burn captions into the copy' });
    await visible(panel.getByText(/^TikTok takes no caption file through its API: burning the captions/));
    await burn.focus();
    await page.keyboard.press('Space');
    expect(await burn.isChecked()).toBe(true);
    await panel.getByLabel('Caption track to burn in').selectOption('en');
    expect(await seriousAxeViolations(page), 'the fit panel with Burn captions shown').toEqual([]);

    await panel.getByRole('button', { name: 'Make the copy' }).click();
    const copy = panel.locator('video[aria-label="Fitting copy for TikTok"]');
    await copy.waitFor({ state: 'visible', timeout: 90_000 });
    await visible(panel.getByText('Captions burned in (en)'));
    // The browser reads the copy's bytes as a 360×640 video, and plays it.
    await page.waitForFunction(
      (el) => (el as HTMLVideoElement).readyState >= 1 && (el as HTMLVideoElement).videoWidth === 360,
      await copy.elementHandle(),
      { timeout: 30_000 },
    );
    await copy.evaluate((el) => {
      const player = el as HTMLVideoElement;
      player.muted = true;
      return player.play();
    });
    await page.waitForFunction((el) => (el as HTMLVideoElement).currentTime > 0, await copy.elementHandle(), {
      timeout: 30_000,
    });

    await form.getByRole('button', { name: 'Publish now' }).click();
    const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: 'TikTok', exact: true });
    await post.getByText('Published', { exact: true }).waitFor({ state: 'visible', timeout: 90_000 });
    await visible(post.getByText('Sends its fitting copy · Captions burned in (en)'));
    expect(await seriousAxeViolations(page), 'the video page with the burned copy published').toEqual([]);

    // TikTok received the burned copy: its very bytes, which differ from the plain copy of the same settings.
    const { renditions } = await call<{ renditions: Rendition[] }>(e2e.apiBase, `/videos/${video.id}/renditions`, {
      token: user.token,
    });
    const burned = renditions.find((r) => r.burnedCaptions?.language === 'en')!;
    expect(burned).toMatchObject({ status: 'ready', width: 360, height: 640 });
    const plainAsked = await call<{ rendition: Rendition }>(e2e.apiBase, `/videos/${video.id}/renditions`, {
      method: 'POST',
      token: user.token,
      body: JSON.stringify({
        connectionId: (await tiktokConnection(user.token, user.project.id)).id,
        options: {},
        aspect: 'pad',
        vertical: true,
      }),
    });
    expect(plainAsked.rendition.id).not.toBe(burned.id);
    expect(plainAsked.rendition.burnedCaptions).toBeNull();
    await expect
      .poll(
        async () => {
          const list = await call<{ renditions: Rendition[] }>(e2e.apiBase, `/videos/${video.id}/renditions`, {
            token: user.token,
          });
          return list.renditions.find((r) => r.id === plainAsked.rendition.id)?.status;
        },
        { timeout: 90_000, interval: 250, message: 'the plain copy to be made' },
      )
      .toBe('ready');

    const res = await fetch(`${e2e.emulatorUrl}/_control/published`);
    const onTikTok = ((await res.json()) as { items: PublishedItem[] }).items.filter((i) => i.platform === 'tiktok');
    expect(onTikTok).toHaveLength(1);
    expect(onTikTok[0]!.media).toMatchObject({ width: 360, height: 640 });
    const burnedSha = await copySha256(user.token, burned.id);
    expect(onTikTok[0]!.sha256).toBe(burnedSha);
    expect(await copySha256(user.token, plainAsked.rendition.id)).not.toBe(burnedSha);
  }, 240_000);
});

async function tiktokConnection(token: string, projectId: number): Promise<{ id: number }> {
  const { connections } = await call<{ connections: { id: number; platform: string }[] }>(
    e2e.apiBase,
    `/connections?project_id=${projectId}`,
    { token },
  );
  return connections.find((c) => c.platform === 'tiktok')!;
}
