import { featureLabel, TIKTOK_DISCLOSURE_TEXT, type MissingFeature, type PlatformKey } from '@fanout/contracts';
import type { AccountOptionsState } from '../../api/get-publish-options';
import { OPTION_CONTROLS, type OptionControl } from './option-controls';

/**
 * A control as this account may use it. While the account's choices load, there is nothing to choose yet. Once known, only
 * the values the account offers are choices (and the one already chosen, so a refused choice stays in view
 * with its message), and an interaction the account turned off cannot be allowed. When they could not be
 * loaded, the table's own choices stand and the platform checks the one made when the post is sent.
 */
export function controlForAccount(
  control: OptionControl,
  value: unknown,
  account: AccountOptionsState | undefined,
  platformName: string,
  missing: readonly MissingFeature[] = [],
): OptionControl {
  if (control.kind === 'text' && control.accountSuggestions && missing.some((m) => m.feature === 'communities'))
    // The grant predates the mysubreddits scope: no suggestions, and the words of the optional-feature table.
    return {
      ...control,
      hint: `Reconnect ${platformName} on the Accounts screen to allow ${featureLabel('reddit', 'communities')}. Any community may be typed.`,
    };
  if (!account) return control;
  if (control.kind === 'select' && control.appStage && account.options?.[control.appStage.flag] === false)
    return { ...control, hint: control.appStage.hint };
  if (control.kind === 'select' && control.accountChoices) {
    // Still focusable while loading, so a problem found meanwhile can still be pointed at.
    if (account.loading) return { ...control, choices: [], placeholder: "Loading this account's choices…" };
    const offered = account.options?.[control.accountChoices];
    if (!offered) return control;
    // A live TikTok app that has not passed the Direct Post audit is offered "Only me" alone: say why.
    const hint = account.options?.directPostAudited === false ? TIKTOK_DISCLOSURE_TEXT.unauditedApp : control.hint;
    return {
      ...control,
      hint,
      choices: control.choices.filter((c) => offered.includes(c.value) || c.value === value),
    };
  }
  if (control.kind === 'text' && control.accountSuggestions) {
    const offered = account.options?.[control.accountSuggestions];
    if (!offered || offered.length === 0) return control;
    const list = offered.map((name) => `${control.prefix ?? ''}${name}`).join(', ');
    return { ...control, suggestions: offered, hint: `Communities you have joined: ${list}. Any other may be typed.` };
  }
  if (control.kind === 'check' && control.accountOff && account.options?.[control.accountOff] === true) {
    return { ...control, disabled: true, hint: `Turned off in this account's ${platformName} settings.` };
  }
  return control;
}

/**
 * The platform's controls as this post and account may use them: those shown only with another option on are
 * left out while it is off, and TikTok's branded content and "Only me" exclude each other (Content Sharing
 * Guidelines, "Required UX Implementation" 3: branded content visibility cannot be set to private).
 */
export function controlsFor(
  platform: PlatformKey,
  options: Record<string, unknown>,
  account: AccountOptionsState | undefined,
  platformName: string,
  missing: readonly MissingFeature[] = [],
): OptionControl[] {
  return OPTION_CONTROLS[platform]
    .filter((control) => control.kind !== 'check' || !control.shownWith || options[control.shownWith] === true)
    .map((control) =>
      forPost(controlForAccount(control, options[control.name], account, platformName, missing), options),
    );
}

function forPost(control: OptionControl, options: Record<string, unknown>): OptionControl {
  const branded = options.commercialContent === true && options.brandContent === true;
  if (control.kind === 'select' && control.name === 'privacyLevel' && branded)
    return {
      ...control,
      hint: TIKTOK_DISCLOSURE_TEXT.brandedPrivate,
      choices: control.choices.map((c) => (c.value === 'SELF_ONLY' ? { ...c, disabled: true } : c)),
    };
  if (control.kind === 'check' && control.name === 'brandContent' && options.privacyLevel === 'SELF_ONLY')
    return {
      ...control,
      disabled: true,
      hint: `${TIKTOK_DISCLOSURE_TEXT.brandedPrivate} Choose who else can watch to turn it on.`,
    };
  return control;
}
