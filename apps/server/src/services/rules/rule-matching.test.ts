import type { RuleCondition } from '@fanout/contracts';
import { RuleCondition as RuleConditionSchema } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { firstUnmetCondition, matchesConditions, type RuleSubjectFacts } from './rule-matching';

const video: RuleSubjectFacts = {
  title: 'Summer Promo: Beach Day',
  tags: ['Travel', 'summer-2026'],
  durationSeconds: 42,
  platforms: ['youtube', 'tiktok'],
};

const c = (field: RuleCondition['field'], op: RuleCondition['op'], value: string | number) =>
  ({ field, op, value }) as RuleCondition;

describe('rule matching', () => {
  it('holds with no conditions, and only when every condition holds', () => {
    expect(matchesConditions([], video)).toBe(true);
    expect(matchesConditions([c('title', 'contains', 'promo'), c('duration', 'lt', 60)], video)).toBe(true);
    expect(matchesConditions([c('title', 'contains', 'promo'), c('duration', 'gt', 60)], video)).toBe(false);
  });

  it('compares titles and tags ignoring case; a tag condition holds when any tag does', () => {
    expect(matchesConditions([c('title', 'equals', 'summer promo: beach day')], video)).toBe(true);
    expect(matchesConditions([c('title', 'equals', 'Summer Promo')], video)).toBe(false);
    expect(matchesConditions([c('tags', 'equals', 'travel')], video)).toBe(true);
    expect(matchesConditions([c('tags', 'equals', 'summer')], video)).toBe(false);
    expect(matchesConditions([c('tags', 'contains', 'SUMMER')], video)).toBe(true);
  });

  it('compares durations in seconds, and never holds for an unknown duration', () => {
    expect(matchesConditions([c('duration', 'gt', 41)], video)).toBe(true);
    expect(matchesConditions([c('duration', 'lt', 42)], video)).toBe(false);
    expect(matchesConditions([c('duration', 'equals', 42)], video)).toBe(true);
    expect(matchesConditions([c('duration', 'lt', 1000)], { ...video, durationSeconds: null })).toBe(false);
  });

  it("matches a post's platform, or any platform chosen for a video", () => {
    expect(matchesConditions([c('platform', 'equals', 'tiktok')], video)).toBe(true);
    expect(matchesConditions([c('platform', 'equals', 'reddit')], video)).toBe(false);
  });

  it('names the first condition that does not hold', () => {
    expect(firstUnmetCondition([c('title', 'contains', 'promo'), c('duration', 'gt', 60)], video)).toBe(
      'duration is over “60”',
    );
    expect(firstUnmetCondition([c('title', 'contains', 'promo')], video)).toBeUndefined();
  });

  it('refuses conditions that cannot be compared', () => {
    const bad = [
      c('duration', 'contains', 10),
      c('duration', 'lt', '10'),
      c('title', 'gt', 'a'),
      c('platform', 'equals', 'myspace'),
      c('title', 'contains', ' '),
    ];
    for (const condition of bad)
      expect(RuleConditionSchema.safeParse(condition).success, JSON.stringify(condition)).toBe(false);
    expect(RuleConditionSchema.safeParse(c('platform', 'equals', 'x')).success).toBe(true);
  });
});
