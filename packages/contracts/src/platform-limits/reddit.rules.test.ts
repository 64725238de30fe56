import { describeRules, MiB, type Post } from './rule-cases';

const base: Post = {
  facts: {
    durationSeconds: 120,
    sizeBytes: 80 * MiB,
    width: 1920,
    height: 1080,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
  },
  fields: { title: 'Launch', caption: 'We made a thing', tags: [], options: { subreddit: 'videos' } },
};

describeRules('reddit', base, [
  {
    rule: 'video.duration_max',
    field: 'video',
    ok: { facts: { durationSeconds: 900 } },
    bad: { facts: { durationSeconds: 901 } },
  },
  {
    rule: 'video.container',
    field: 'video',
    ok: { facts: { mimeType: 'video/quicktime' } },
    bad: { facts: { mimeType: 'video/webm' } },
  },
  {
    rule: 'caption.required',
    field: 'caption',
    ok: { fields: { caption: 'x' } },
    bad: { fields: { caption: ' \n ' } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    ok: { fields: { caption: 'ü'.repeat(300) } },
    bad: { fields: { caption: 'ü'.repeat(301) } },
  },
  {
    rule: 'options.required',
    field: 'options.subreddit',
    ok: { fields: { options: { subreddit: 'abc' } } },
    bad: { fields: { options: { nsfw: true } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.subreddit',
    about: 'written with r/',
    ok: { fields: { options: { subreddit: 'Some_Sub_21_chars_xyz' } } },
    bad: { fields: { options: { subreddit: 'r/videos' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.subreddit',
    about: 'too long',
    ok: { fields: { options: { subreddit: 'a'.repeat(21) } } },
    bad: { fields: { options: { subreddit: 'a'.repeat(22) } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.spoiler',
    ok: { fields: { options: { subreddit: 'videos', flairId: 'f-1', nsfw: false, spoiler: true } } },
    bad: { fields: { options: { subreddit: 'videos', spoiler: 'no' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.sendReplies',
    ok: { fields: { options: { subreddit: 'videos', sendReplies: false } } },
    bad: { fields: { options: { subreddit: 'videos', sendReplies: 'off' } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.sr',
    ok: { fields: { options: { subreddit: 'videos' } } },
    bad: { fields: { options: { subreddit: 'videos', sr: 'videos' } } },
  },
]);
