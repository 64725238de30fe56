import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FitRequest, PlatformKey, Rendition, VideoCaption } from '@fanout/contracts';
import type { StubRequest, StubRoutes } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { openPanel } from '../publish/panel-test-support';
import { burnHint } from './burn-words';
import { copyFor } from './copy-match';
import { buildRendition, copiesAsked, firstCopyAsked, fitRoute, longVideo, planFor } from './fit-test-support';

const track = (id: number, language: string, label: string | null): VideoCaption => ({
  id,
  language,
  label,
  format: 'srt',
  cueCount: 3,
  url: `/api/videos/31/captions/${language}`,
  uploadedAt: '2026-11-29T07:00:00.000Z',
});
const ENGLISH = track(4, 'en', 'English');
const FRENCH = track(5, 'fr', null);

/** Make vertical's plan on TikTok: pad to 9:16, re-encoded. */
const verticalSteps = planFor('tiktok', { connectionId: 1, options: {}, aspect: 'pad', vertical: true }).plan.steps;
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');

/**
 * The publish panel of the long 1080p video with these caption tracks and copies already made, `platform`'s
 * card ticked. POST renditions answers a queued copy of the body asked, burned in as asked.
 */
async function openWith(platform: PlatformKey, tick: string, tracks: VideoCaption[], copies: Rendition[] = []) {
  const list = [...copies];
  const routes: StubRoutes = {
    'GET /api/videos/31': { body: { video: longVideo } },
    'POST /api/videos/31/fit': fitRoute(platform),
    'GET /api/videos/31/captions': { body: { captions: tracks } },
    'GET /api/videos/31/renditions': () => ({ body: { renditions: list } }),
    'POST /api/videos/31/renditions': (request) => {
      const body = request.body as FitRequest & { burnCaptions?: number };
      const burned = tracks.find((t) => t.id === body.burnCaptions);
      const made = buildRendition({
        id: 40 + list.length,
        platform,
        steps: planFor(platform, body).plan.steps,
        burnedCaptions: burned
          ? { captionId: burned.id, language: burned.language, uploadedAt: burned.uploadedAt }
          : null,
      });
      list.push(made);
      return { status: 202, body: { rendition: made } };
    },
    'POST /api/videos/31/posts': { status: 201, body: { posts: [buildPost(platform, { videoId: 31 })] } },
  };
  const panel = await openPanel([platform], [], routes);
  await userEvent.click(panel.form.getByRole('checkbox', { name: tick }));
  return panel;
}

/** A ready copy of Make vertical on TikTok, burned with `burned` or plain. */
const readyCopy = (id: number, burned: VideoCaption | null) =>
  buildRendition({
    id,
    platform: 'tiktok',
    status: 'ready',
    progress: 1,
    steps: verticalSteps,
    url: `/uploads/copy-${id}.mp4`,
    burnedCaptions: burned && { captionId: burned.id, language: burned.language, uploadedAt: burned.uploadedAt },
  });

describe('burning captions into the fitting copy', () => {
  it('offers a track to burn on TikTok, says it is the only way there, and makes the burned copy', async () => {
    const { form, calls } = await openWith('tiktok', 'TikTok', [ENGLISH, FRENCH]);
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    const burn = await form.findByRole('checkbox', { name: 'Burn captions into the copy' });
    expect(burn).not.toBeChecked();
    // Once the vertical plan (re-encoded) is in: before it, the video fits as it is and there is no copy.
    await waitFor(() =>
      expect(burn).toHaveAccessibleDescription(
        'TikTok takes no caption file through its API: burning the captions into the copy is the only way viewers see them.',
      ),
    );
    expect(burn).toBeEnabled();
    expect(form.queryByRole('combobox', { name: 'Caption track to burn in' })).not.toBeInTheDocument();

    // By keyboard: the switch, then the track.
    burn.focus();
    await userEvent.keyboard(' ');
    expect(burn).toBeChecked();
    const choice = form.getByRole('combobox', { name: 'Caption track to burn in' });
    expect([...(choice as HTMLSelectElement).options].map((o) => o.text)).toEqual(['English (en)', 'fr']);
    await userEvent.selectOptions(choice, 'fr');
    // The plan is asked again with the track: the button to press is the one shown with that plan.
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/videos/31/fit' && (c.body as FitRequest).burnCaptions === FRENCH.id),
      ).toBe(true),
    );

    await userEvent.click(await form.findByRole('button', { name: 'Make the copy' }));
    expect((await firstCopyAsked(calls)).body).toMatchObject({
      vertical: true,
      aspect: 'pad',
      burnCaptions: FRENCH.id,
    });
    expect(await form.findByText('Waiting to start')).toBeVisible();
  });

  it('says burning is optional where the platform takes the track as captions', async () => {
    const { form } = await openWith('youtube', 'YouTube', [ENGLISH]);
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    const burn = await form.findByRole('checkbox', { name: 'Burn captions into the copy' });
    await waitFor(() =>
      expect(burn).toHaveAccessibleDescription(
        'YouTube already gets each track as captions, which viewers turn on with CC. Burning them in is optional: ' +
          'burned-in text is always shown, and viewers cannot turn it off.',
      ),
    );
  });

  it('offers Burn captions on a target the video already fits, and makes a re-encoded copy with the track', async () => {
    const { form, calls } = await openWith('reddit', 'Reddit', [ENGLISH]);
    await userEvent.click(await form.findByRole('button', { name: 'Burn captions' }));
    const burn = await form.findByRole('checkbox', { name: 'Burn captions into the copy' });
    expect(burn).toBeChecked();
    expect(burn).toHaveAccessibleDescription(
      'Reddit takes no caption file through its API: burning the captions into the copy is the only way viewers see them.',
    );
    // The plan shown is the one with the track: a re-encode, although the video fits Reddit as it is.
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/videos/31/fit' && (c.body as FitRequest).burnCaptions === 4)).toBe(true),
    );
    await userEvent.click(await form.findByRole('button', { name: 'Make the copy' }));
    expect((await firstCopyAsked(calls)).body).toMatchObject({ burnCaptions: ENGLISH.id });
    expect((await firstCopyAsked(calls)).body).not.toHaveProperty('vertical');
  });

  it('offers no burning for a video without caption tracks', async () => {
    const { form } = await openWith('tiktok', 'TikTok', []);
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    expect(await form.findByRole('button', { name: 'Make the copy' })).toBeVisible();
    expect(form.queryByRole('checkbox', { name: 'Burn captions into the copy' })).not.toBeInTheDocument();
  });

  it('never takes a burned copy for a plain one: the plain request makes its own, and posts without it', async () => {
    const { form, calls } = await openWith('tiktok', 'TikTok', [ENGLISH], [readyCopy(7, ENGLISH)]);
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    expect(await form.findByText(/^Pad to 1080×1920 over a blurred copy · Encode/)).toBeVisible();
    // The burned copy has the very steps of this plan, but this request burns nothing.
    expect(form.getByRole('button', { name: 'Make the copy' })).toBeEnabled();
    expect(form.queryByText(/^Fitting copy ready/)).not.toBeInTheDocument();

    await userEvent.selectOptions(form.getByRole('combobox', { name: 'TikTok privacy' }), 'Only me');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ targets: [{ platform: 'tiktok' }] });
    expect((posted(calls)[0]!.body as { targets: object[] }).targets[0]).not.toHaveProperty('renditionId');
  });

  it('never takes a plain copy for a burned one, and posts the burned copy once asked for', async () => {
    const { form, calls } = await openWith('tiktok', 'TikTok', [ENGLISH], [readyCopy(7, null), readyCopy(8, ENGLISH)]);
    await userEvent.click(await form.findByRole('button', { name: 'Make vertical' }));
    expect(await form.findByText(/^Fitting copy ready/)).toBeVisible();
    expect(form.getByLabelText('Fitting copy for TikTok', { selector: 'video' })).toHaveAttribute(
      'src',
      '/uploads/copy-7.mp4',
    );
    await userEvent.click(form.getByRole('checkbox', { name: 'Burn captions into the copy' }));
    const copy = form.getByLabelText('Fitting copy for TikTok', { selector: 'video' });
    await waitFor(() => expect(copy).toHaveAttribute('src', '/uploads/copy-8.mp4'));
    expect(form.getByText('Captions burned in (en)')).toBeVisible();

    await userEvent.selectOptions(form.getByRole('combobox', { name: 'TikTok privacy' }), 'Only me');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ targets: [{ platform: 'tiktok', renditionId: 8 }] });
    expect(copiesAsked(calls)).toHaveLength(0);
  });
});

describe('the copy a request is matched with (copyFor)', () => {
  const plain = readyCopy(7, null);
  const burned = readyCopy(8, ENGLISH);

  it('tells burned from plain copies of the same steps, and a track replaced since from its older file', () => {
    expect(copyFor([burned, plain], verticalSteps, undefined)?.id).toBe(7);
    expect(copyFor([plain, burned], verticalSteps, ENGLISH)?.id).toBe(8);
    expect(copyFor([burned], verticalSteps, undefined)).toBeUndefined();
    expect(copyFor([plain], verticalSteps, ENGLISH)).toBeUndefined();
    expect(copyFor([burned], verticalSteps, FRENCH)).toBeUndefined();
    // A new file for English: the copy burned with the older one is not it.
    expect(copyFor([burned], verticalSteps, { ...ENGLISH, uploadedAt: '2026-11-29T08:00:00.000Z' })).toBeUndefined();
  });

  it('says what burning means on each platform, in its words', () => {
    expect(burnHint('x', false)).toMatch(/^X already gets each track as subtitles of the video\. Burning/);
    expect(burnHint('facebook', false)).toMatch(/^Facebook already gets each track as captions of the Page video/);
    expect(burnHint('facebook', true)).toBe(
      'Facebook Reels take no caption file: burning the captions into the copy is the only way viewers see them.',
    );
    for (const name of ['Instagram', 'Reddit'])
      expect(burnHint(name.toLowerCase() as PlatformKey, false)).toMatch(new RegExp(`^${name} takes no caption file`));
  });
});

describe('a post that sends a burned copy', () => {
  it('says so on the video page, with the language burned in', async () => {
    const post = buildPost('tiktok', { videoId: 31, rendition: { id: 8, status: 'ready', progress: 1 } });
    await openPanel(['tiktok'], [post], {
      'GET /api/videos/31/renditions': { body: { renditions: [readyCopy(7, null), readyCopy(8, ENGLISH)] } },
    });
    const item = within(await screen.findByRole('list', { name: 'Posts' })).getByRole('listitem', { name: 'TikTok' });
    expect(await within(item).findByText('Sends its fitting copy · Captions burned in (en)')).toBeVisible();
  });
});
