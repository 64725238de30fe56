import { describeRules, MiB, type Post } from './rule-cases';

const base: Post = {
  facts: {
    durationSeconds: 45,
    sizeBytes: 30 * MiB,
    width: 1280,
    height: 720,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
  },
  fields: { title: 'Launch', caption: 'We launched today', tags: [], options: {} },
};

describeRules('x', base, [
  {
    rule: 'video.duration_min',
    field: 'video',
    ok: { facts: { durationSeconds: 0.5 } },
    bad: { facts: { durationSeconds: 0.49 } },
  },
  {
    rule: 'video.duration_max',
    field: 'video',
    ok: { facts: { durationSeconds: 1200 } },
    bad: { facts: { durationSeconds: 1200.5 } },
  },
  {
    rule: 'video.size_max',
    field: 'video',
    ok: { facts: { sizeBytes: 512 * MiB } },
    bad: { facts: { sizeBytes: 512 * MiB + 1 } },
  },
  {
    rule: 'video.width_min',
    field: 'video',
    ok: { facts: { width: 32, height: 32 } },
    bad: { facts: { width: 31, height: 32 } },
  },
  {
    rule: 'video.height_min',
    field: 'video',
    ok: { facts: { width: 32, height: 32 } },
    bad: { facts: { width: 32, height: 31 } },
  },
  {
    rule: 'video.long_side_max',
    field: 'video',
    about: "X's recommended portrait, 720×1280, is inside",
    ok: { facts: { width: 720, height: 1280 } },
    bad: { facts: { width: 720, height: 1281 } },
  },
  {
    rule: 'video.long_side_max',
    field: 'video',
    about: 'landscape',
    ok: { facts: { width: 1280, height: 720 } },
    bad: { facts: { width: 1281, height: 720 } },
  },
  {
    rule: 'video.short_side_max',
    field: 'video',
    ok: { facts: { width: 1024, height: 1280 } },
    bad: { facts: { width: 1025, height: 1280 } },
  },
  {
    rule: 'video.short_side_max',
    field: 'video',
    about: 'a 1080×1920 portrait is outside on both sides',
    ok: { facts: { width: 1280, height: 1024 } },
    bad: { facts: { width: 1080, height: 1920 } },
  },
  {
    rule: 'video.aspect_min',
    field: 'video',
    ok: { facts: { width: 340, height: 1020 } },
    bad: { facts: { width: 330, height: 1020 } },
  },
  {
    rule: 'video.aspect_max',
    field: 'video',
    ok: { facts: { width: 1020, height: 340 } },
    bad: { facts: { width: 1020, height: 330 } },
  },
  { rule: 'video.fps_max', field: 'video', ok: { facts: { fps: 60 } }, bad: { facts: { fps: 61 } } },
  {
    rule: 'video.container',
    field: 'video',
    ok: { facts: { mimeType: 'video/mp2t' } },
    bad: { facts: { mimeType: 'video/x-matroska' } },
  },
  {
    rule: 'video.video_codec',
    field: 'video',
    ok: { facts: { videoCodec: 'h264' } },
    bad: { facts: { videoCodec: 'hevc' } },
  },
  {
    rule: 'video.audio_codec',
    field: 'video',
    ok: { facts: { audioCodec: 'aac' } },
    bad: { facts: { audioCodec: 'opus' } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    ok: { fields: { caption: 'a'.repeat(280) } },
    bad: { fields: { caption: 'a'.repeat(281) } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: 'CJK counts 2',
    ok: { fields: { caption: '日本'.repeat(70) } },
    bad: { fields: { caption: `${'日本'.repeat(70)}a` } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: 'a URL counts 23 whatever its length',
    ok: { fields: { caption: `${'a'.repeat(256)} https://example.com/${'x'.repeat(100)}` } },
    bad: { fields: { caption: `${'a'.repeat(257)} https://example.com/${'x'.repeat(100)}` } },
  },
  {
    rule: 'options.invalid',
    field: 'options.replySettings',
    ok: { fields: { options: { replySettings: 'mentionedUsers' } } },
    bad: { fields: { options: { replySettings: 'everyone' } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.poll',
    ok: { fields: { options: { replySettings: 'following' } } },
    bad: { fields: { options: { poll: { options: ['a', 'b'] } } } },
  },
]);
