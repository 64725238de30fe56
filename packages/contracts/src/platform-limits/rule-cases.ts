import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '../platforms';
import { PLATFORM_LIMITS } from './platform-rules';
import type { AccountFacts, PostFields, TextLimits, VideoFacts, VideoLimits } from './types';
import { validatePost } from './validate';

/** Test support: one platform's rules, each tried just inside and just outside its limit. */

export interface Post {
  facts: VideoFacts;
  fields: PostFields;
  account?: AccountFacts;
}

export interface Change {
  facts?: Partial<VideoFacts>;
  fields?: Partial<PostFields>;
  account?: AccountFacts;
}

export interface RuleCase {
  rule: string;
  field: string;
  /** What the case is about, when a rule has several cases. */
  about?: string;
  /** Just inside the limit: no violation at all. */
  ok: Change;
  /** Just outside: this violation (and any other is also reported, never hidden). */
  bad: Change;
}

export const MiB = 1024 ** 2;
export const GiB = 1024 ** 3;

function apply(base: Post, change: Change): Post {
  return {
    facts: { ...base.facts, ...change.facts },
    fields: { ...base.fields, ...change.fields },
    account: { ...base.account, ...change.account },
  };
}

const validate = (platform: PlatformKey, post: Post) => validatePost(platform, post.facts, post.fields, post.account);

/** The rule ids a table switches on; every one must have a case. */
export function rulesOfTable(platform: PlatformKey): string[] {
  const limits = PLATFORM_LIMITS[platform];
  const video = (v: VideoLimits) => [
    ...(['durationSeconds', 'sizeBytes', 'width', 'height', 'fps'] as const).flatMap((key) => {
      const name = { durationSeconds: 'duration', sizeBytes: 'size', width: 'width', height: 'height', fps: 'fps' }[
        key
      ];
      return [
        ...(v[key].min !== null ? [`video.${name}_min`] : []),
        ...(v[key].max !== null ? [`video.${name}_max`] : []),
      ];
    }),
    ...(v.box ? ['video.long_side_max', 'video.short_side_max'] : []),
    ...(v.aspect ? ['video.aspect_min', 'video.aspect_max'] : []),
    ...(v.mimeTypes ? ['video.container'] : []),
    ...(v.videoCodecs ? ['video.video_codec'] : []),
    ...(v.audioCodecs ? ['video.audio_codec'] : []),
  ];
  const text = (field: string, t: TextLimits | null) =>
    t
      ? [
          `${field}.max_length`,
          ...(t.required ? [`${field}.required`] : []),
          ...(t.forbidden.length ? [`${field}.forbidden_characters`] : []),
          ...(t.hashtagsMax !== null ? [`${field}.hashtags_max`] : []),
          ...(t.mentionsMax !== null ? [`${field}.mentions_max`] : []),
        ]
      : [];
  return [
    ...new Set([
      ...video(limits.video),
      ...Object.values(limits.otherVideo).flatMap(video),
      ...text('caption', limits.caption),
      ...text('title', limits.title),
      ...(limits.tagsMaxTotal !== null ? ['tags.max_length'] : []),
    ]),
  ];
}

export function describeRules(platform: PlatformKey, base: Post, cases: readonly RuleCase[]) {
  const name = PLATFORM_LIMITS[platform].name;
  describe(`${name}: each rule just inside and just outside its limit`, () => {
    it('takes the base post as it is', () => {
      expect(validate(platform, base)).toEqual([]);
    });

    it.each(cases.map((c) => [`${c.rule}${c.about ? ` (${c.about})` : ''}`, c] as const))('%s', (_label, c) => {
      expect(validate(platform, apply(base, c.ok))).toEqual([]);
      const found = validate(platform, apply(base, c.bad)).filter((v) => v.rule === c.rule);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ platform, field: c.field, rule: c.rule });
      expect(found[0]?.message).toContain(name);
    });

    it('has a case for every rule its table sets', () => {
      const tried = new Set(cases.map((c) => c.rule));
      expect(rulesOfTable(platform).filter((rule) => !tried.has(rule))).toEqual([]);
    });
  });
}
