import { featureLabel } from '@fanout/contracts';
import type { CommunityState } from '../../api/get-community-rules';
import type { OptionControl } from './option-controls';

/**
 * The flair choice as the named community offers it (Reddit's link flairs, by their text; the id is what is
 * sent). Nothing to choose before a community is named, while its flairs load, or when the grant predates the
 * `flair` scope (then reconnecting is offered); a flair chosen before stays in view with its message.
 */
export function controlForCommunity(
  control: OptionControl,
  value: unknown,
  community: CommunityState | undefined,
): OptionControl {
  if (control.kind !== 'select' || !control.communityFlairs || !community) return control;
  const kept = typeof value === 'string' && value ? [{ value, label: 'The flair chosen before' }] : [];
  const nothing = { ...control, choices: kept, disabled: kept.length === 0 };
  if (!community.name) return { ...nothing, hint: 'Name a subreddit first: its flairs are offered here.' };
  const at = `r/${community.name}`;
  if (community.loading) return { ...nothing, placeholder: `Loading ${at}’s flairs…` };
  const rules = community.rules;
  if (!rules) return { ...nothing, hint: community.error ?? undefined };
  if (rules.flairs === null)
    return { ...nothing, hint: `Reconnect Reddit on the Accounts screen to allow ${featureLabel('reddit', 'flair')}.` };
  const offered = rules.flairs.map((f) => ({ value: f.id, label: f.text }));
  const choices = [...offered, ...kept.filter((k) => !offered.some((o) => o.value === k.value))];
  const need = rules.flairRequired
    ? `${at} requires a flair on every post.`
    : offered.length
      ? ''
      : `${at} offers no flair to choose.`;
  const hint = [need, rules.guidelines ?? ''].filter(Boolean).join(' ');
  return {
    ...control,
    choices,
    placeholder: rules.flairRequired ? 'Choose a flair' : 'No flair',
    disabled: choices.length === 0,
    ...(hint ? { hint } : {}),
  };
}
