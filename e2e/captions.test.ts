import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { visible } from './support/ui';

const e2e = useE2e();

describe('captions on the video page', () => {
  it('uploads a caption file for a language, lists it, and shows a bad file’s refusal in words', async () => {
    const user = await e2e.workspace({ videos: ['Harbour at dawn'] });
    const video = user.videos[0]!;
    const page = await e2e.open({ session: user });
    await page.goto(`/video/${video.id}`);
    const section = page.getByRole('region', { name: 'Captions' });
    await visible(section.getByText('No captions yet.'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-captions-e2e-'));
    const good = path.join(dir, 'en.srt');
    fs.writeFileSync(good, '1\n00:00:00,200 --> 00:00:00,900\nHello\n');
    const bad = path.join(dir, 'bad.srt');
    fs.writeFileSync(bad, '1\n00:00:02,000 --> 00:00:01,000\n<script>alert(1)</script>\n');

    await section.getByLabel('Caption file (.srt or .vtt)').setInputFiles(good);
    await section.getByRole('button', { name: 'Upload captions' }).click();
    await visible(section.getByText('en (en) · SRT · 1 cue'));
    expect(await seriousAxeViolations(page), 'the video page with a caption track').toEqual([]);

    await section.getByLabel('Language').selectOption('fr');
    await section.getByLabel('Caption file (.srt or .vtt)').setInputFiles(bad);
    await section.getByRole('button', { name: 'Upload captions' }).click();
    await visible(section.getByRole('alert').getByText('Line 2: the cue ends before it starts', { exact: false }));
    expect(await seriousAxeViolations(page), 'the video page with a refused caption file').toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
