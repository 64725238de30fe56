import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openPanel, video } from './panel-test-support';

const imaged = {
  ...video,
  cover: { kind: 'image' as const, width: 320, height: 240, mimeType: 'image/png' as const, url: '/uploads/c.png' },
};

describe('publish panel: which cover each post gets', () => {
  it('says it on one line per chosen target, by the post’s kind for Facebook', async () => {
    const { form } = await openPanel(['tiktok', 'facebook', 'x'], [], {
      'GET /api/videos/31': { body: { video: imaged } },
    });
    expect(form.queryByText(/^Cover ·/)).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Facebook' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    expect(form.getByText('Cover · TikTok: its own choice of frame (it takes a frame, not an image)')).toBeVisible();
    expect(form.getByText('Cover · Facebook: your image')).toBeVisible();
    expect(form.getByText('Cover · X (Twitter): takes no cover')).toBeVisible();

    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'reel');
    expect(form.getByText('Cover · Facebook Reel: its own choice of frame (Reels take no cover)')).toBeVisible();
  });
});
