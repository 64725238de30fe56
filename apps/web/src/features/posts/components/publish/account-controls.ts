import type { AccountOptionsState } from '../../api/get-publish-options';
import type { OptionControl } from './option-controls';

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
): OptionControl {
  if (!account) return control;
  if (control.kind === 'select' && control.accountChoices) {
    // Still focusable while loading, so a problem found meanwhile can still be pointed at.
    if (account.loading) return { ...control, choices: [], placeholder: "Loading this account's choices…" };
    const offered = account.options?.[control.accountChoices];
    if (!offered) return control;
    return { ...control, choices: control.choices.filter((c) => offered.includes(c.value) || c.value === value) };
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
