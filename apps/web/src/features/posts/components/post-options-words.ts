import type { PlatformKey } from '@fanout/contracts';
import { OPTION_CONTROLS, type OptionControl } from './publish/option-controls';

function wordsOf(control: OptionControl, value: unknown): string | null {
  if (control.kind === 'check') {
    // On is said only where it is not what the platform does anyway.
    if (value === true) return control.defaultOn ? null : control.label;
    // Off is worth saying only where the platform's own default is on.
    return value === false && control.defaultOn ? `${control.label}: off` : null;
  }
  if (control.kind === 'text' && control.list && Array.isArray(value) && value.length > 0)
    return `${control.label}: ${value.map((item) => `${control.list?.itemPrefix}${String(item)}`).join(', ')}`;
  if (typeof value !== 'string' || value === '') return null;
  if (control.kind === 'text') return `${control.label}: ${control.prefix ?? ''}${value}`;
  const choice = control.choices.find((c) => c.value === value);
  return `${control.label}: ${choice?.label ?? value}`;
}

/** A post's options in the composer's own words ("AI-generated content", "YouTube privacy: Unlisted"). */
export function postOptionWords(platform: PlatformKey, options: Record<string, unknown>): string[] {
  return OPTION_CONTROLS[platform]
    .filter((control) => control.kind !== 'check' || !control.shownWith || options[control.shownWith] === true)
    .map((control) => wordsOf(control, options[control.name]))
    .filter((words): words is string => words !== null);
}
