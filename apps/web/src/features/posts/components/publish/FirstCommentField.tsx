import { useId } from 'react';
import { Link } from 'react-router';
import { FIRST_COMMENT_LIMITS, missingFeature, type Connection, type PlatformKey } from '@fanout/contracts';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/Field';
import { platformName } from '../../platform-names';
import { describedBy, FieldMessages } from './FieldMessages';

interface FirstCommentFieldProps {
  id?: string;
  platform: PlatformKey;
  connection: Connection;
  value: string;
  messages: readonly string[];
  onChange(text: string): void;
}

/**
 * The comment posted under the post once it is live, in the platform's own word ("First reply" on X). Absent where
 * the platform has no comment API (TikTok); an account connected before Fanout asked for the permission is told
 * to reconnect instead of being offered a field the post would be refused for.
 */
export function FirstCommentField({
  id: givenId,
  platform,
  connection,
  value,
  messages,
  onChange,
}: FirstCommentFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const limits = FIRST_COMMENT_LIMITS[platform];
  if (!limits) return null;
  const name = platformName(platform);
  const label = `First ${limits.label} on ${name}`;
  const missing = missingFeature(connection, 'first_comment');
  if (missing)
    return (
      <p className="text-sm text-zinc-600">
        {label}:{' '}
        <Link to="/accounts" className="font-medium text-brand-700 hover:underline">
          Reconnect to allow {missing.label}
        </Link>
      </p>
    );
  const invalid = messages.length > 0 ? true : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
        {label} <span className="font-normal text-zinc-500">(optional)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy(`${id}-hint`, invalid && `${id}-errors`)}
        rows={2}
        className={cn(inputClasses, 'min-h-12 resize-y')}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500">
        Posted once under the post as soon as it is live.
      </p>
      <FieldMessages id={`${id}-errors`} messages={messages} />
    </div>
  );
}
