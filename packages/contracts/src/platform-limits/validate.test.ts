import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS } from '../platforms';
import { CAPTION_COUNTING_NOTE, CAPTION_LABEL, CAPTION_LIMIT, CAPTION_UNIT, countCaption } from './platform-rules';
import type { VideoFacts } from './types';
import { validatePost } from './validate';

const UNKNOWN: VideoFacts = {
  durationSeconds: null,
  sizeBytes: null,
  width: null,
  height: null,
  fps: null,
  videoCodec: null,
  audioCodec: null,
  mimeType: null,
};

describe('validatePost', () => {
  it.each(PLATFORM_KEYS)('%s: applies no media rule to facts nobody knows', (platform) => {
    const violations = validatePost(platform, UNKNOWN, { title: 'A', caption: 'B', tags: [], options: {} });
    expect(violations.filter((v) => v.field === 'video')).toEqual([]);
  });

  it('reports every violation at once, each naming its platform, field and rule', () => {
    const facts: VideoFacts = {
      durationSeconds: 1500,
      sizeBytes: 1024,
      width: 1920,
      height: 1080,
      fps: 120,
      videoCodec: 'hevc',
      audioCodec: 'opus',
      mimeType: 'video/x-matroska',
    };
    const violations = validatePost('x', facts, {
      title: '',
      caption: 'x'.repeat(301),
      tags: [],
      options: { replySettings: 'all', thread: true },
    });
    expect(violations.map((v) => [v.field, v.rule])).toEqual([
      ['caption', 'caption.max_length'],
      ['video', 'video.duration_max'],
      ['video', 'video.long_side_max'],
      ['video', 'video.short_side_max'],
      ['video', 'video.fps_max'],
      ['video', 'video.container'],
      ['video', 'video.video_codec'],
      ['video', 'video.audio_codec'],
      ['options.replySettings', 'options.invalid'],
      ['options.thread', 'options.unknown'],
    ]);
    expect(violations.every((v) => v.platform === 'x' && v.message.startsWith('X '))).toBe(true);
  });

  it('says in words what the rule is and how far the post is from it', () => {
    const text = `${'a'.repeat(255)} https://example.com/${'b'.repeat(60)}`; // 255 + 1 + 23
    const [caption] = validatePost('x', UNKNOWN, { title: '', caption: `${text}  日本`, tags: [] });
    expect(caption?.message).toBe(
      'X allows 280 characters in a post (URLs count as 23, some characters as 2); this one counts 285.',
    );
    const facts = { ...UNKNOWN, durationSeconds: 600.2, sizeBytes: 300 * 1024 ** 2 + 1 };
    const messages = validatePost('instagram', facts, { title: '', caption: '', tags: [] }).map((v) => v.message);
    expect(messages).toContain('Instagram allows files of up to 300 MB; this one is 314,572,801 bytes.');
    const reel = { ...UNKNOWN, durationSeconds: 90.004, width: 1280, height: 720 };
    const reelMessages = validatePost('facebook', reel, {
      title: '',
      caption: '',
      tags: [],
      options: { kind: 'reel' },
    });
    expect(reelMessages.map((v) => v.message)).toEqual([
      'Facebook Reels allows videos of up to 90 seconds; this one lasts 90.01 seconds.',
      'Facebook Reels needs videos at least 960 pixels tall; this one is 1280×720.',
      'Facebook Reels needs an aspect ratio of 9:16 (portrait); this video is 1280×720 (1.78:1).',
    ]);
    const [title] = validatePost('youtube', UNKNOWN, { title: '<Launch>', caption: '', tags: [] });
    expect(title?.message).toBe('YouTube does not allow < or > in a title; remove them.');
  });

  it('treats absent options as none given, so a required option is reported missing', () => {
    const violations = validatePost('tiktok', UNKNOWN, { title: '', caption: '', tags: [] });
    expect(violations).toEqual([
      {
        platform: 'tiktok',
        field: 'options.privacyLevel',
        rule: 'options.required',
        message: 'TikTok needs a privacy level chosen for each post (Everyone, Friends, Followers or Only me).',
      },
    ]);
    const notAnObject = validatePost('x', UNKNOWN, { title: '', caption: '', tags: [], options: 'public' });
    expect(notAnObject.map((v) => [v.field, v.rule])).toEqual([['options', 'options.invalid']]);
  });
});

describe('the live caption counter', () => {
  it('counts each platform its own way against its own limit', () => {
    const text = 'Café 東京 😀 https://example.com/launch';
    expect(PLATFORM_KEYS.map((p) => [p, countCaption(p, text), CAPTION_LIMIT[p], CAPTION_UNIT[p]])).toEqual([
      ['instagram', 36, 2200, 'characters'],
      ['tiktok', 37, 2200, 'characters'],
      ['youtube', 44, 5000, 'bytes'],
      ['facebook', 36, 63_206, 'characters'],
      ['x', 36, 280, 'characters'],
      ['reddit', 36, 300, 'characters'],
    ]);
  });

  it('labels the field the caption fills and says how the count differs from a plain one', () => {
    expect(CAPTION_LABEL).toEqual({
      instagram: 'Caption',
      tiktok: 'Caption',
      youtube: 'Description',
      facebook: 'Description',
      x: 'Post',
      reddit: 'Post title',
    });
    expect(CAPTION_COUNTING_NOTE.x).toBe('URLs count as 23, some characters as 2');
    expect(CAPTION_COUNTING_NOTE.instagram).toBeNull();
  });
});
