import { describeRules, MiB, type Post } from './rule-cases';

const base: Post = {
  facts: {
    durationSeconds: 30,
    sizeBytes: 50 * MiB,
    width: 1080,
    height: 1920,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
  },
  fields: { title: 'Launch', caption: 'Launch day @fanout #video', tags: [], options: {} },
};

const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}w${i}`).join(' ');

describeRules('instagram', base, [
  {
    rule: 'video.duration_min',
    field: 'video',
    ok: { facts: { durationSeconds: 3 } },
    bad: { facts: { durationSeconds: 2.9 } },
  },
  {
    rule: 'video.duration_max',
    field: 'video',
    ok: { facts: { durationSeconds: 900 } },
    bad: { facts: { durationSeconds: 900.5 } },
  },
  {
    rule: 'video.size_max',
    field: 'video',
    ok: { facts: { sizeBytes: 300 * MiB } },
    bad: { facts: { sizeBytes: 300 * MiB + 1 } },
  },
  {
    rule: 'video.width_max',
    field: 'video',
    ok: { facts: { width: 1920, height: 1080 } },
    bad: { facts: { width: 1921, height: 1080 } },
  },
  {
    rule: 'video.aspect_min',
    field: 'video',
    ok: { facts: { width: 20, height: 2000 } },
    bad: { facts: { width: 10, height: 2000 } },
  },
  {
    rule: 'video.aspect_max',
    field: 'video',
    ok: { facts: { width: 1900, height: 190 } },
    bad: { facts: { width: 1900, height: 180 } },
  },
  { rule: 'video.fps_min', field: 'video', ok: { facts: { fps: 23 } }, bad: { facts: { fps: 22.5 } } },
  { rule: 'video.fps_max', field: 'video', ok: { facts: { fps: 60 } }, bad: { facts: { fps: 61 } } },
  {
    rule: 'video.container',
    field: 'video',
    ok: { facts: { mimeType: 'video/quicktime' } },
    bad: { facts: { mimeType: 'video/webm' } },
  },
  {
    rule: 'video.video_codec',
    field: 'video',
    ok: { facts: { videoCodec: 'hevc' } },
    bad: { facts: { videoCodec: 'vp9' } },
  },
  {
    rule: 'video.audio_codec',
    field: 'video',
    ok: { facts: { audioCodec: 'aac' } },
    bad: { facts: { audioCodec: 'mp3' } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: 'an emoji is one character',
    ok: { fields: { caption: '😀'.repeat(2200) } },
    bad: { fields: { caption: '😀'.repeat(2201) } },
  },
  {
    rule: 'caption.hashtags_max',
    field: 'caption',
    ok: { fields: { caption: words('#', 30) } },
    bad: { fields: { caption: words('#', 31) } },
  },
  {
    rule: 'caption.mentions_max',
    field: 'caption',
    ok: { fields: { caption: words('@', 20) } },
    bad: { fields: { caption: words('@', 21) } },
  },
  {
    rule: 'options.invalid',
    field: 'options.collaborators',
    about: 'usernames without "@"',
    ok: { fields: { options: { collaborators: ['night.market_tw', 'mia'] } } },
    bad: { fields: { options: { collaborators: ['@mia'] } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.collaborators',
    about: 'at most 3',
    ok: { fields: { options: { collaborators: ['a', 'b', 'c'] } } },
    bad: { fields: { options: { collaborators: ['a', 'b', 'c', 'd'] } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.shareToFeed',
    ok: { fields: { options: { shareToFeed: false, coverFrameMs: 0 } } },
    bad: { fields: { options: { shareToFeed: 'yes' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.coverFrameMs',
    ok: { fields: { options: { coverFrameMs: 1500 } } },
    bad: { fields: { options: { coverFrameMs: 1.5 } } },
  },
  {
    rule: 'options.cover_frame_after_end',
    field: 'options.coverFrameMs',
    ok: { fields: { options: { coverFrameMs: 30_000 } } },
    bad: { fields: { options: { coverFrameMs: 30_001 } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.userTags',
    ok: { fields: { options: { shareToFeed: true } } },
    bad: { fields: { options: { userTags: ['someone'] } } },
  },
]);
