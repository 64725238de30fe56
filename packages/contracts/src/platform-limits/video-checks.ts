import { bytes, codecName, containerName, durationLimit, durationOf, number, oneOf, ratio } from './format';
import type { AccountFacts, Breach, VideoFacts, VideoLimits } from './types';

/** Pixel sizes round, so a ratio within 1 % of a bound (1080×1918 for 9:16) is taken as meeting it. */
const ASPECT_TOLERANCE = 0.01;

const dims = (facts: VideoFacts) =>
  facts.width !== null && facts.height !== null ? `${facts.width}×${facts.height}` : null;

/** The exact count when the rounded one would read the same as the limit ("300 MB; this one is 300 MB"). */
const sizeText = (value: number, limit: number) =>
  bytes(value) === bytes(limit) ? `${number(value)} bytes` : bytes(value);

function checkDuration(v: VideoLimits, facts: VideoFacts, account: AccountFacts, add: Add) {
  const d = facts.durationSeconds;
  if (d === null) return;
  const { min, max } = v.durationSeconds;
  const own = account.maxDurationSeconds ?? null;
  const ownIsTighter = own !== null && (max === null || own < max);
  const limit = ownIsTighter ? own : max;
  if (min !== null && d < min) {
    add(
      'duration_min',
      `${v.name} needs videos of at least ${durationLimit(min)}; this one lasts ${durationOf(d, min)}.`,
    );
  }
  if (limit !== null && d > limit) {
    const whom = ownIsTighter ? 'this account ' : '';
    add(
      'duration_max',
      `${v.name} allows ${whom}videos of up to ${durationLimit(limit)}; this one lasts ${durationOf(d, limit)}.`,
    );
  }
}

function checkSize(v: VideoLimits, facts: VideoFacts, add: Add) {
  const size = facts.sizeBytes;
  if (size === null) return;
  const { min, max } = v.sizeBytes;
  if (min !== null && size < min) {
    add('size_min', `${v.name} needs files of at least ${bytes(min)}; this one is ${sizeText(size, min)}.`);
  }
  if (max !== null && size > max) {
    add('size_max', `${v.name} allows files of up to ${bytes(max)}; this one is ${sizeText(size, max)}.`);
  }
}

function checkDimensions(v: VideoLimits, facts: VideoFacts, add: Add) {
  const sides = [
    ['width', facts.width, v.width, 'wide'],
    ['height', facts.height, v.height, 'tall'],
  ] as const;
  for (const [side, value, { min, max }, word] of sides) {
    if (value === null) continue;
    const actual = dims(facts) ?? `${value} pixels ${word}`;
    if (min !== null && value < min) {
      add(`${side}_min`, `${v.name} needs videos at least ${number(min)} pixels ${word}; this one is ${actual}.`);
    }
    if (max !== null && value > max) {
      add(`${side}_max`, `${v.name} allows videos at most ${number(max)} pixels ${word}; this one is ${actual}.`);
    }
  }
  const { width, height } = facts;
  if (width === null || height === null) return;
  if (v.box) checkBox(v, v.box, width, height, add);
  if (!v.aspect) return;
  const r = width / height;
  const message = `${v.name} needs an aspect ratio ${v.aspect.label}; this video is ${width}×${height} (${ratio(width, height)}).`;
  if (v.aspect.min !== null && r < v.aspect.min * (1 - ASPECT_TOLERANCE)) add('aspect_min', message);
  if (v.aspect.max !== null && r > v.aspect.max * (1 + ASPECT_TOLERANCE)) add('aspect_max', message);
}

function checkFrameRate(v: VideoLimits, facts: VideoFacts, add: Add) {
  const fps = facts.fps;
  if (fps === null) return;
  const { min, max } = v.fps;
  if (min !== null && fps < min) {
    add('fps_min', `${v.name} needs at least ${number(min)} frames per second; this video has ${fps}.`);
  }
  if (max !== null && fps > max) {
    add('fps_max', `${v.name} allows at most ${number(max)} frames per second; this video has ${fps}.`);
  }
}

function checkFormats(v: VideoLimits, facts: VideoFacts, add: Add) {
  const { mimeType, videoCodec, audioCodec } = facts;
  if (v.mimeTypes && mimeType !== null && !v.mimeTypes.includes(mimeType)) {
    const accepted = oneOf(v.mimeTypes.map(containerName));
    add('container', `${v.name} accepts ${accepted} files; this one is ${containerName(mimeType)}.`);
  }
  if (v.videoCodecs && videoCodec !== null && !v.videoCodecs.includes(videoCodec)) {
    const accepted = oneOf(v.videoCodecs.map(codecName));
    add('video_codec', `${v.name} accepts ${accepted} video; this one is ${codecName(videoCodec)}.`);
  }
  if (v.audioCodecs && audioCodec !== null && !v.audioCodecs.includes(audioCodec)) {
    const accepted = oneOf(v.audioCodecs.map(codecName));
    add('audio_codec', `${v.name} accepts ${accepted} audio; this video's sound is ${codecName(audioCodec)}.`);
  }
}

/** The long side against the box's long side and the short against its short, whichever way round. */
function checkBox(v: VideoLimits, box: NonNullable<VideoLimits['box']>, width: number, height: number, add: Add) {
  const within = `${number(box.longSide)}×${number(box.shortSide)} either way round`;
  const [long, short] = width >= height ? [width, height] : [height, width];
  if (long > box.longSide)
    add(
      'long_side_max',
      `${v.name} allows videos at most ${number(box.longSide)} pixels on their long side (${within}); this one is ${width}×${height}.`,
    );
  if (short > box.shortSide)
    add(
      'short_side_max',
      `${v.name} allows videos at most ${number(box.shortSide)} pixels on their short side (${within}); this one is ${width}×${height}.`,
    );
}

type Add = (rule: string, message: string) => void;

/** Every media rule the facts break; a fact that is null (unknown) breaks none. */
export function checkVideo(limits: VideoLimits, facts: VideoFacts, account: AccountFacts = {}): Breach[] {
  const breaches: Breach[] = [];
  const add: Add = (rule, message) => breaches.push({ field: 'video', rule: `video.${rule}`, message });
  checkDuration(limits, facts, account, add);
  checkSize(limits, facts, add);
  checkDimensions(limits, facts, add);
  checkFrameRate(limits, facts, add);
  checkFormats(limits, facts, add);
  return breaches;
}
