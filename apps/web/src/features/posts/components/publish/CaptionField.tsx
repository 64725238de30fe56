import { useId } from 'react';
import {
  CAPTION_COUNTING_NOTE,
  CAPTION_LABEL,
  CAPTION_LIMIT,
  CAPTION_UNIT,
  countCaption,
  type PlatformKey,
} from '@fanout/contracts';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import { platformName } from '../../platform-names';
import { describedBy, FieldMessages } from './FieldMessages';

interface CaptionFieldProps {
  /** The textarea's id, when others must point at it (the publish form's list of problems). */
  id?: string;
  platform: PlatformKey;
  value: string;
  /** The person wrote their own text (else it is built from the video's details). */
  edited: boolean;
  messages: readonly string[];
  onChange(text: string): void;
  onReset(): void;
}

const number = (n: number) => n.toLocaleString('en-US');

/** The platform's text field with a live count against its limit, counted the platform's way. */
export function CaptionField({ id: givenId, platform, value, edited, messages, onChange, onReset }: CaptionFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const name = platformName(platform);
  const label = `${CAPTION_LABEL[platform]} on ${name}`;
  const count = countCaption(platform, value);
  const limit = CAPTION_LIMIT[platform];
  const over = count > limit;
  const note = CAPTION_COUNTING_NOTE[platform];
  const invalid = messages.length > 0 ? true : undefined;
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {label}
        </label>
        <span
          id={`${id}-count`}
          className={cn('text-xs tabular-nums', over ? 'font-medium text-red-600' : 'text-zinc-500')}
        >
          {number(count)} / {number(limit)} {CAPTION_UNIT[platform]}
          {note && <span className="sr-only"> ({note})</span>}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy(`${id}-count`, `${id}-source`, invalid && `${id}-errors`)}
        rows={platform === 'reddit' || platform === 'x' ? 2 : 4}
        className={cn(inputClasses, 'min-h-16 resize-y')}
      />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-source`} className="text-xs text-zinc-500">
          {edited ? 'Your own text for this platform.' : "Built from the video's title, description and tags."}
          {note && <span aria-hidden="true"> {note[0]!.toUpperCase() + note.slice(1)}.</span>}
        </p>
        {edited && (
          <button
            type="button"
            onClick={onReset}
            aria-label={`Use the video's details for ${name}`}
            className="text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Use the video's details
          </button>
        )}
      </div>
      <FieldMessages id={`${id}-errors`} messages={messages} />
    </div>
  );
}
