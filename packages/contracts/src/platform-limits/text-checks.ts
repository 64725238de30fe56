import { article, number, oneOf } from './format';
import { countHashtags, countMentions, countText, youtubeTagsLength } from './text-count';
import type { Breach, Counting, TextLimits } from './types';

/** How each counting differs from what a person would count, for messages and the live counter. */
export const COUNTING_NOTE: Readonly<Record<Counting, string | null>> = {
  utf16: 'emoji and some symbols count as 2',
  codePoints: null,
  utf8Bytes: 'accented letters count as 2, most emoji as 4',
  xWeighted: 'URLs count as 23, some characters as 2',
};

export const countingUnit = (counting: Counting): 'bytes' | 'characters' =>
  counting === 'utf8Bytes' ? 'bytes' : 'characters';

function lengthMessage(name: string, limits: TextLimits, count: number): string {
  const note = COUNTING_NOTE[limits.counting];
  const allowed = `${name} allows ${number(limits.max)} ${countingUnit(limits.counting)} in ${article(limits.label)}`;
  return note
    ? `${allowed} (${note}); this one counts ${number(count)}.`
    : `${allowed}; this one has ${number(count)}.`;
}

/** Every rule of the platform that this text breaks. */
export function checkText(
  field: 'caption' | 'title' | 'firstComment',
  name: string,
  limits: TextLimits,
  value: string,
): Breach[] {
  const breaches: Breach[] = [];
  const add = (rule: string, message: string) => breaches.push({ field, rule: `${field}.${rule}`, message });
  if (limits.required && value.trim() === '') add('required', `${name} needs ${article(limits.label)}.`);

  const count = countText(limits.counting, value);
  if (count > limits.max) add('max_length', lengthMessage(name, limits, count));

  if (limits.forbidden.some((ch) => value.includes(ch))) {
    const chars = oneOf(limits.forbidden);
    add('forbidden_characters', `${name} does not allow ${chars} in ${article(limits.label)}; remove them.`);
  }
  const hashtags = limits.hashtagsMax === null ? 0 : countHashtags(value);
  if (limits.hashtagsMax !== null && hashtags > limits.hashtagsMax) {
    const allowed = `${name} allows up to ${number(limits.hashtagsMax)} hashtags in ${article(limits.label)}`;
    add('hashtags_max', `${allowed}; this one has ${number(hashtags)}.`);
  }
  const mentions = limits.mentionsMax === null ? 0 : countMentions(value);
  if (limits.mentionsMax !== null && mentions > limits.mentionsMax) {
    const allowed = `${name} allows up to ${number(limits.mentionsMax)} @mentions in ${article(limits.label)}`;
    add('mentions_max', `${allowed}; this one has ${number(mentions)}.`);
  }
  return breaches;
}

export function checkTags(name: string, maxTotal: number, tags: readonly string[]): Breach[] {
  const total = youtubeTagsLength(tags);
  if (total <= maxTotal) return [];
  const how = 'the commas between tags count, and quotes around a tag with a space';
  return [
    {
      field: 'tags',
      rule: 'tags.max_length',
      message: `${name} allows ${number(maxTotal)} characters of tags (${how}); these count ${number(total)}.`,
    },
  ];
}
