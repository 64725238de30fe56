import { useId } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import type { OptionControl } from './option-controls';
import { describedBy, FieldMessages } from './FieldMessages';

interface OptionFieldProps {
  /** The control's id, when others must point at it (the publish form's list of problems). */
  id?: string;
  control: OptionControl;
  value: unknown;
  messages: readonly string[];
  onChange(value: unknown): void;
}

/** One platform option: a choice, a yes/no, or a text, with its rules' messages tied to it. */
export function OptionField({ id: givenId, control, value, messages, onChange }: OptionFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorsId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const invalid = messages.length > 0 ? true : undefined;
  const hint = control.hint;
  const disabled = control.kind === 'text' ? undefined : control.disabled;
  const describedIds = describedBy(hint && hintId, invalid && errorsId);

  if (control.kind === 'check') {
    return (
      <div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            // An interaction the account turned off is shown as not allowed, whatever was ticked before.
            checked={(value ?? control.defaultOn) === true && !disabled}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={invalid}
            aria-describedby={describedIds}
          />
          <label htmlFor={id} className={cn('text-sm', disabled ? 'text-zinc-500' : 'text-zinc-800')}>
            {control.label}
          </label>
        </div>
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-zinc-500">
            {hint}
          </p>
        )}
        <FieldMessages id={errorsId} messages={messages} />
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
        {control.kind === 'text' && control.required ? `${control.label} (required)` : control.label}
      </label>
      {control.kind === 'select' ? (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedIds}
          className={cn(inputClasses, 'h-10')}
        >
          {control.placeholder !== undefined && <option value="">{control.placeholder}</option>}
          {control.choices.map((choice) => (
            <option key={choice.value} value={choice.value} disabled={choice.disabled}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <div className="flex items-center gap-1.5">
          {control.prefix && (
            <span aria-hidden="true" className="text-sm text-zinc-500">
              {control.prefix}
            </span>
          )}
          <input
            id={id}
            list={control.suggestions?.length ? `${id}-suggestions` : undefined}
            type="text"
            value={control.list ? listText(value) : typeof value === 'string' ? value : ''}
            // "r/videos" and "videos" name the same subreddit: the prefix is shown, not typed.
            onChange={(event) =>
              onChange(
                control.list
                  ? listItems(event.target.value, control.list.itemPrefix)
                  : control.prefix
                    ? stripPrefix(event.target.value, control.prefix)
                    : event.target.value,
              )
            }
            aria-invalid={invalid}
            aria-required={control.required || undefined}
            aria-describedby={describedIds}
            autoComplete="off"
            className={cn(inputClasses, 'h-10')}
          />
          {control.suggestions && control.suggestions.length > 0 && (
            <datalist id={`${id}-suggestions`}>
              {control.suggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
        </div>
      )}
      {hint && !invalid && (
        <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
          {hint}
        </p>
      )}
      <FieldMessages id={errorsId} messages={messages} />
    </div>
  );
}

const listText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');

/** "@mia, night.market" → ['mia', 'night.market']: the "@" people type before a username is not part of it. */
function listItems(text: string, itemPrefix: string): string[] {
  if (!text.trim()) return [];
  return text.split(/\s*,\s*/).map((item) => (item.startsWith(itemPrefix) ? item.slice(itemPrefix.length) : item));
}

function stripPrefix(text: string, prefix: string): string {
  const trimmed = text.trimStart();
  return trimmed.toLowerCase().startsWith(prefix.toLowerCase()) ? trimmed.slice(prefix.length) : text;
}
