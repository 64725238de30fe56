import type { FitRequest, FitResponse, PlatformKey, Rendition } from '@fanout/contracts';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { StubAnswer, StubRequest, StubRoutes } from '@/test/fetch-stub';
import { video } from '../publish/panel-test-support';

/** A 100 s 1920×1080 HEVC upload with its thumbnail: too long and in the wrong codec for a Facebook Reel. */
export const longVideo = {
  ...video,
  durationSeconds: 100,
  duration: '1:40',
  width: 1920,
  height: 1080,
  videoCodec: 'hevc',
  thumbnail: '/uploads/31.jpg',
};

const REEL_TOO_LONG = {
  platform: 'facebook' as const,
  field: 'video',
  rule: 'video.duration_max',
  message: 'Facebook Reels allows videos of up to 90 seconds; this one lasts 100 seconds.',
};

const transcode = { kind: 'transcode', videoCodec: 'h264', audioCodec: 'aac', fps: 30 } as const;

/**
 * What the server plans for a 1920×1080 100 s video, by the settings asked: a Facebook Reel must be 9:16 and
 * at most 90 s (so it never fits as uploaded); on TikTok the video fits and only Make vertical changes it.
 */
export function planFor(platform: PlatformKey, body: FitRequest): FitResponse {
  const reel = platform === 'facebook';
  const vertical = reel || body.vertical === true;
  const shape =
    !vertical || body.aspect === 'keep'
      ? []
      : body.aspect === 'crop'
        ? [{ kind: 'crop' as const, width: 608, height: 1080, x: Math.round(1312 * (body.cropX ?? 0.5)), y: 0 }]
        : [{ kind: 'pad' as const, width: 1080, height: 1920, background: 'blur' as const }];
  const trim = reel ? [{ kind: 'trim' as const, ...(body.trim ?? { startMs: 0, endMs: 90_000 }) }] : [];
  const steps = [
    ...trim,
    ...shape,
    // Burned captions are drawn while encoding, so they plan a re-encode even where nothing else changes.
    ...(shape.length + trim.length > 0 || body.burnCaptions !== undefined
      ? [{ ...transcode, videoBitrate: 8_000_000, audioBitrate: 128_000 }]
      : []),
  ];
  const [width, height] = shape[0] ? [shape[0].width, shape[0].height] : [1920, 1080];
  const durationMs = trim[0] ? trim[0].endMs - trim[0].startMs : 100_000;
  return {
    fits: !reel,
    violations: reel ? [REEL_TOO_LONG] : [],
    plan: {
      steps,
      output: {
        width,
        height,
        fps: 30,
        videoCodec: 'h264',
        audioCodec: 'aac',
        durationMs,
        estimatedBytes: steps.length > 0 ? Math.round((8_128_000 * durationMs) / 8000) : 50_000_000,
      },
      remaining:
        body.aspect === 'keep' && reel
          ? [{ ...REEL_TOO_LONG, rule: 'video.aspect', message: 'Facebook Reels must be 9:16.' }]
          : [],
    },
  };
}

/** The fit route for `platform`, answering planFor with each body asked. */
export const fitRoute = (platform: PlatformKey) => (request: StubRequest) => ({
  body: planFor(platform, request.body as FitRequest),
});

export function buildRendition(overrides: Partial<Rendition> = {}): Rendition {
  return {
    id: 9,
    videoId: 31,
    platform: 'facebook',
    status: 'queued',
    progress: 0,
    error: null,
    steps: [],
    width: 1080,
    height: 1920,
    fps: 30,
    durationMs: 90_000,
    sizeBytes: null,
    url: null,
    burnedCaptions: null,
    createdAt: '2026-11-29T02:00:00Z',
    ...overrides,
  };
}

/**
 * The renditions routes of video 31: POST answers 202 with a queued copy of the plan asked, and the list shows
 * it moved on by `state.now` (set by the test), as the render's progress would.
 */
export function renditionRoutes(platform: PlatformKey) {
  const state: { made: Rendition | null; now: Partial<Rendition> } = { made: null, now: {} };
  const routes: StubRoutes = {
    'POST /api/videos/31/renditions': (request): StubAnswer => {
      const steps = planFor(platform, request.body as FitRequest).plan.steps;
      state.made = buildRendition({ platform, steps });
      return { status: 202, body: { rendition: state.made } };
    },
    'GET /api/videos/31/renditions': () => ({
      body: { renditions: state.made ? [{ ...state.made, ...state.now }] : [] },
    }),
  };
  return { routes, state };
}

/** The copies the panel asked for of video 31 (POST /api/videos/31/renditions). */
export const copiesAsked = (calls: StubRequest[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/renditions');

/** The first copy asked for, once its request has left: a click's request is sent after the click returns. */
export async function firstCopyAsked(calls: StubRequest[]): Promise<StubRequest> {
  // Its plan is fetched first: on a busy machine that takes longer than waitFor's default second.
  await waitFor(() => expect(copiesAsked(calls)).not.toHaveLength(0), { timeout: 10_000 });
  return copiesAsked(calls)[0]!;
}
