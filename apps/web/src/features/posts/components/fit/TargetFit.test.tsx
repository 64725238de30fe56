import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import type { StubRequest, StubRoutes } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { connectionId, openPanel } from '../publish/panel-test-support';
import { copiesAsked, firstCopyAsked, fitRoute, longVideo, renditionRoutes } from './fit-test-support';

const fitAsks = (calls: StubRequest[]) => calls.filter((c) => c.url === '/api/videos/31/fit').map((c) => c.body);
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');

/** The publish panel of the long 1080p video, with these platforms' fit routes, the card of `tick` ticked. */
async function openWith(platforms: PlatformKey[], tick: string, extra: StubRoutes = {}) {
  const routes: StubRoutes = { 'GET /api/videos/31': { body: { video: longVideo } } };
  for (const platform of platforms) routes['POST /api/videos/31/fit'] = fitRoute(platform);
  const panel = await openPanel(platforms, [], { ...routes, ...extra });
  await userEvent.click(panel.form.getByRole('checkbox', { name: tick }));
  return panel;
}

describe('whether the video fits each target, and a copy that does', () => {
  it('says the video fits, and on TikTok still offers Make vertical', async () => {
    const { form, calls } = await openWith(['tiktok'], 'TikTok');
    expect(await form.findByText('Fits TikTok')).toBeVisible();
    expect(form.getByRole('button', { name: 'Make vertical' })).toHaveAttribute('aria-expanded', 'false');
    expect(form.queryByRole('button', { name: 'Make it fit' })).not.toBeInTheDocument();
    // Only the options that choose the limits: TikTok's privacy and interactions would re-ask TikTok per click.
    expect(fitAsks(calls)[0]).toEqual({ connectionId: connectionId('tiktok'), options: {}, aspect: 'pad' });
  });

  it('offers no Make vertical for a video already 9:16', async () => {
    const upright = { ...longVideo, width: 1080, height: 1920 };
    const { form } = await openWith(['tiktok'], 'TikTok', { 'GET /api/videos/31': { body: { video: upright } } });
    expect(await form.findByText('Fits TikTok')).toBeVisible();
    expect(form.queryByRole('button', { name: 'Make vertical' })).not.toBeInTheDocument();
  });

  it('says what does not fit a Facebook Reel in words, once, with Make it fit', async () => {
    const { form, calls } = await openWith(['facebook'], 'Facebook');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'Reel');
    expect(await form.findByText('Does not fit Facebook as uploaded')).toBeVisible();
    await waitFor(() => expect(fitAsks(calls).at(-1)).toMatchObject({ options: { kind: 'reel' } }));
    // The card's own check already lists it: the fit's answer does not say it a second time.
    const tooLong = 'Facebook Reels allows videos of up to 90 seconds; this one lasts 100 seconds.';
    expect(form.getAllByText(tooLong)).toHaveLength(1);
    expect(form.getByRole('button', { name: 'Make it fit' })).toBeEnabled();
  });

  it('lists what only the server knows does not fit (a TikTok account that allows 30 s)', async () => {
    const { form } = await openWith(['tiktok'], 'TikTok', {
      'POST /api/videos/31/fit': () => ({
        body: {
          fits: false,
          violations: [
            {
              platform: 'tiktok',
              field: 'video',
              rule: 'video.duration_max',
              message: 'TikTok allows this account 30 s.',
            },
          ],
          plan: {
            steps: [{ kind: 'trim', startMs: 0, endMs: 30_000 }],
            output: {
              width: 1920,
              height: 1080,
              fps: 30,
              videoCodec: 'hevc',
              audioCodec: 'aac',
              durationMs: 30_000,
              estimatedBytes: 30_000_000,
            },
            remaining: [],
          },
        },
      }),
    });
    const list = await form.findByRole('list', { name: 'What does not fit TikTok' });
    expect(list).toHaveTextContent('TikTok allows this account 30 s.');
    expect(form.getByRole('button', { name: 'Make it fit' })).toBeEnabled();
  });

  it('asks again as vertical, crop, its position and pad change, and redraws the plan and the preview', async () => {
    const { form, calls } = await openWith(['tiktok'], 'TikTok');
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    const vertical = form.getByRole('switch', { name: 'Make vertical (9:16)' });
    expect(vertical).toBeChecked();
    expect(
      await form.findByText(/^Pad to 1080×1920 over a blurred copy · Encode H\.264\/AAC at 30 fps, about 97 MB$/),
    ).toBeVisible();
    const padded = form.getByRole('img', { name: 'Preview at 1080×1920, padded over a blurred copy' });
    expect(padded).toHaveStyle({ aspectRatio: '1080 / 1920' });
    expect(fitAsks(calls).at(-1)).toMatchObject({ aspect: 'pad', vertical: true });

    await userEvent.click(form.getByRole('radio', { name: 'Crop' }));
    expect(await form.findByText(/^Crop to 608×1080 · Encode/)).toBeVisible();
    expect(fitAsks(calls).at(-1)).toMatchObject({ aspect: 'crop', cropX: 0.5, vertical: true });
    const cropped = form.getByRole('img', { name: 'Preview at 608×1080, cropped' });
    expect(cropped).toHaveStyle({ aspectRatio: '608 / 1080' });

    fireEvent.change(form.getByRole('slider', { name: 'Crop position' }), { target: { value: '20' } });
    expect(within(cropped).getByRole('presentation', { hidden: true })).toHaveStyle({ objectPosition: '20% 50%' });
    await waitFor(() => expect(fitAsks(calls).at(-1)).toMatchObject({ aspect: 'crop', cropX: 0.2 }));

    await userEvent.click(vertical);
    await waitFor(() => expect(fitAsks(calls).at(-1)).toEqual(expect.not.objectContaining({ vertical: true })));
    expect(await form.findByText('Nothing to change.')).toBeVisible();
    expect(form.getByRole('img', { name: 'Preview at 1920×1080, as it is' })).toHaveStyle({
      aspectRatio: '1920 / 1080',
    });
    expect(form.getByRole('button', { name: 'Make the copy' })).toBeDisabled();
  });

  it('makes the copy with the settings shown, its progress in words, then plays it in the page', async () => {
    const { routes, state } = renditionRoutes('facebook');
    const { form, calls } = await openWith(['facebook'], 'Facebook', routes);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'Reel');
    await userEvent.click(await form.findByRole('button', { name: 'Make it fit' }));
    const end = await form.findByRole('spinbutton', { name: 'End (seconds)' });
    expect(end).toHaveValue(90);
    await userEvent.clear(end);
    await userEvent.type(end, '60');
    expect(
      await form.findByText(/^Trim to the first 60 s · Pad to 1080×1920 over a blurred copy · Encode/),
    ).toBeVisible();

    state.now = { status: 'rendering', progress: 0.4 };
    await userEvent.click(form.getByRole('button', { name: 'Make the copy' }));
    expect((await firstCopyAsked(calls)).body).toEqual({
      connectionId: connectionId('facebook'),
      options: { kind: 'reel' },
      aspect: 'pad',
      trim: { startMs: 0, endMs: 60_000 },
    });
    const bar = await form.findByRole('progressbar', { name: 'Fitting copy for Facebook' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(form.getByText('Making the copy: 40 %')).toBeVisible();

    state.now = { status: 'ready', progress: 1, sizeBytes: 61_000_000, url: '/api/renditions/9/file' };
    const copy = await form.findByLabelText('Fitting copy for Facebook', { selector: 'video' });
    expect(copy).toHaveAttribute('src', '/api/renditions/9/file');
    expect(copy).toHaveAttribute('controls');
    expect(form.getByText('Fitting copy ready: 1080×1920 · 1:30 · 58 MB')).toBeVisible();
    expect(form.getByText(/Does not fit Facebook as uploaded · Fitting copy ready/)).toBeVisible();
    expect(form.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("says why a copy failed in ffmpeg's words, and tries again on request", async () => {
    const { routes, state } = renditionRoutes('facebook');
    const { form, calls } = await openWith(['facebook'], 'Facebook', routes);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'Reel');
    await userEvent.click(await form.findByRole('button', { name: 'Make it fit' }));
    state.now = {
      status: 'failed',
      error: { code: 'rendition_failed', message: 'ffmpeg: Invalid data found when processing input.' },
    };
    await userEvent.click(await form.findByRole('button', { name: 'Make the copy' }));
    expect(
      await form.findByText('The copy could not be made: ffmpeg: Invalid data found when processing input.'),
    ).toBeVisible();

    state.now = { status: 'rendering', progress: 0.1 };
    await userEvent.click(form.getByRole('button', { name: 'Try again' }));
    expect(await form.findByText('Making the copy: 10 %')).toBeVisible();
    expect(copiesAsked(calls)).toHaveLength(2);
  });

  it('posts with the copy being made (renditionId), checked on the copy, and says so beside it', async () => {
    const { routes, state } = renditionRoutes('facebook');
    const created = { status: 201, body: { posts: [buildPost('facebook', { videoId: 31 })] } };
    const { form, calls } = await openWith(['facebook'], 'Facebook', {
      ...routes,
      'POST /api/videos/31/posts': created,
    });
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'Reel');
    await userEvent.click(await form.findByRole('button', { name: 'Make it fit' }));
    state.now = { status: 'rendering', progress: 0.4 };
    await userEvent.click(form.getByRole('button', { name: 'Make the copy' }));
    expect(await form.findByText(/^Posts to Facebook from here send this copy once it is made/)).toBeVisible();
    expect(form.queryByText(/as uploaded for now/)).not.toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'facebook', options: { kind: 'reel' }, renditionId: 9 }],
    });
  });

  it('uses the one copy the same settings made for another platform first (Make vertical for two feeds)', async () => {
    const { routes, state } = renditionRoutes('facebook');
    const created = { status: 201, body: { posts: [buildPost('facebook', { videoId: 31 })] } };
    const { form, calls } = await openWith(['facebook'], 'Facebook', {
      ...routes,
      'POST /api/videos/31/posts': created,
    });
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Facebook post type' }), 'Reel');
    await userEvent.click(await form.findByRole('button', { name: 'Make it fit' }));
    // The server answers the copy it already has for these steps, first asked for Instagram.
    state.now = { status: 'rendering', progress: 0.4, platform: 'instagram' };
    await userEvent.click(form.getByRole('button', { name: 'Make the copy' }));
    expect(await form.findByText(/^Posts to Facebook from here send this copy once it is made/)).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ targets: [{ platform: 'facebook', renditionId: 9 }] });
  });
});
