import type { PlatformKey } from '../platforms';
import { checkFirstComment } from './first-comment';
import { checkOptions } from './option-checks';
import { PLATFORM_RULES } from './platform-rules';
import { checkTags, checkText } from './text-checks';
import type { AccountFacts, Breach, PlatformRules, PostFields, VideoFacts, PlatformViolation } from './types';
import { checkVideo } from './video-checks';

function breachesOf<O>(rules: PlatformRules<O>, facts: VideoFacts, fields: PostFields, account: AccountFacts) {
  const { limits } = rules;
  const { options, breaches: optionBreaches } = checkOptions(rules, fields.options);
  const video = options !== null && rules.videoLimits ? rules.videoLimits(options) : limits.video;
  const breaches: Breach[] = [
    ...(limits.title ? checkText('title', limits.name, limits.title, fields.title) : []),
    ...checkText('caption', limits.name, limits.caption, fields.caption),
    ...checkFirstComment(limits.platform, limits.name, fields.firstComment),
    ...(limits.tagsMaxTotal !== null ? checkTags(limits.name, limits.tagsMaxTotal, fields.tags) : []),
    ...checkVideo(video, facts, account),
    ...optionBreaches,
    ...(options !== null && rules.crossChecks ? rules.crossChecks({ facts, options, account }) : []),
  ];
  return breaches;
}

/**
 * Every rule of the platform that this post breaks, all at once (an empty list: it may be sent). Pure, so the
 * web app runs it live and the API runs it again as the authority.
 */
export function validatePost(
  platform: PlatformKey,
  facts: VideoFacts,
  fields: PostFields,
  account: AccountFacts = {},
): PlatformViolation[] {
  const rules: PlatformRules<object> = PLATFORM_RULES[platform];
  return breachesOf(rules, facts, fields, account).map((breach) => ({ platform, ...breach }));
}

/**
 * The options a client got wrong: a value the platform does not take or an option it does not have. A missing
 * required option is not one (a draft may not have it yet). A fit check refuses these rather than planning for
 * the platform's default kind of post.
 */
export function optionMistakes(platform: PlatformKey, options: unknown): PlatformViolation[] {
  const rules: PlatformRules<object> = PLATFORM_RULES[platform];
  return checkOptions(rules, options)
    .breaches.filter((breach) => breach.rule !== 'options.required')
    .map((breach) => ({ platform, ...breach }));
}
