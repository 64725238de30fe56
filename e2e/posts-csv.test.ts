import { describe, expect, it } from 'vitest';
import { throughAuthorizePage } from './support/accounts';
import { uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { hidden, visible } from './support/ui';

const e2e = useE2e();
const TITLE = 'Lighthouse at dusk';

describe('CSV import', () => {
  it('previews a CSV file row by row, creates its posts on request, and the posts are listed', async () => {
    const user = await e2e.workspace();
    const video = await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.portraitMp4('csv'), TITLE);
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    await throughAuthorizePage(page, e2e.origin, 'X (Twitter)', 'Approve');

    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCSeconds(0, 0);
    const csv = [
      'video_title,platforms,scheduled_at,caption',
      `${TITLE},x,${at.toISOString()},"Sea, light and ""wind"""`,
      `No such video,x,${at.toISOString()},`,
    ].join('\r\n');

    await page.goto('/schedule');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import posts from CSV' });
    await visible(dialog);
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await visible(dialog.getByText('1 of 2 rows have problems'));
    await visible(dialog.getByText('No video in this project is titled "No such video"'));
    expect(await dialog.getByRole('button', { name: 'Create 1 post' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page), 'the preview with a broken row').toEqual([]);

    // The file fixed: every row fine, then created.
    const fixed = csv.split('\r\n').slice(0, 2).join('\r\n');
    await dialog
      .getByLabel('CSV file')
      .setInputFiles({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await visible(dialog.getByText('All 1 rows are fine: 1 post to create.'));
    const row = dialog.getByRole('row').filter({ hasText: TITLE });
    await visible(row.getByText('OK', { exact: true }));
    await screenshot(page, 'posts-csv-preview');
    await dialog.getByRole('button', { name: 'Create 1 post' }).click();
    await visible(dialog.getByText('Created 1 post.'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await hidden(dialog);

    const res = await fetch(`${e2e.apiBase}/api/videos/${video.id}/posts`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const { posts } = (await res.json()) as { posts: { platform: string; scheduledAt: string; caption: string }[] };
    expect(posts).toEqual([
      expect.objectContaining({ platform: 'x', scheduledAt: at.toISOString(), caption: 'Sea, light and "wind"' }),
    ]);
    await page.goto('/posts');
    await visible(page.getByText(TITLE).first());
    await visible(page.getByRole('button', { name: 'Export CSV' }));
    expect(await seriousAxeViolations(page), 'My Posts with the imported post').toEqual([]);
  });
});
