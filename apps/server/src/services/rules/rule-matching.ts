import type { RuleCondition } from '@fanout/contracts';

/** What conditions look at, read from the event's subject. */
export interface RuleSubjectFacts {
  title: string;
  tags: readonly string[];
  /** Seconds; null when unknown (then no duration condition holds). */
  durationSeconds: number | null;
  /** The post's platform, or the platforms chosen for a video. */
  platforms: readonly string[];
}

const text = (v: string | number) => String(v).trim().toLowerCase();

function holds(c: RuleCondition, facts: RuleSubjectFacts): boolean {
  switch (c.field) {
    case 'title': {
      const title = facts.title.trim().toLowerCase();
      return c.op === 'equals' ? title === text(c.value) : title.includes(text(c.value));
    }
    case 'tags': {
      const tags = facts.tags.map((t) => t.trim().toLowerCase());
      return c.op === 'equals' ? tags.includes(text(c.value)) : tags.some((t) => t.includes(text(c.value)));
    }
    case 'platform':
      return facts.platforms.includes(text(c.value));
    case 'duration': {
      if (facts.durationSeconds === null || typeof c.value !== 'number') return false;
      const d = facts.durationSeconds;
      if (c.op === 'lt') return d < c.value;
      if (c.op === 'gt') return d > c.value;
      return Math.round(d) === Math.round(c.value);
    }
  }
}

/** All conditions must hold (none: always). Text compares ignoring case; `tags` holds when any tag does. */
export function matchesConditions(conditions: readonly RuleCondition[], facts: RuleSubjectFacts): boolean {
  return conditions.every((c) => holds(c, facts));
}

/** The first condition that does not hold, said for people ("title contains “promo”"). */
export function firstUnmetCondition(conditions: readonly RuleCondition[], facts: RuleSubjectFacts): string | undefined {
  const unmet = conditions.find((c) => !holds(c, facts));
  if (!unmet) return undefined;
  const op = { contains: 'contains', equals: 'is', lt: 'is under', gt: 'is over' }[unmet.op];
  return `${unmet.field} ${op} “${String(unmet.value)}”`;
}
