import { useId } from 'react';
import { TIKTOK_PRIVACY_LABELS, TIKTOK_PRIVACY_LEVELS } from '@fanout/contracts';
import { inputClasses, TextField } from '@/components/ui/Field';
import { cn } from '@/components/ui/cn';
import { TikTokDeclaration } from '@/features/posts';
import type { BulkScheduleDraft, BulkScheduleErrors, TikTokPrivacy } from '../bulk-schedule-form';

interface BulkScheduleOptionsProps {
  draft: BulkScheduleDraft;
  onChange: (change: Partial<BulkScheduleDraft>) => void;
  errors: BulkScheduleErrors;
}

/** What some platforms need for every post: TikTok a privacy level the person chose, Reddit a subreddit. */
export function BulkScheduleOptions({ draft, onChange, errors }: BulkScheduleOptionsProps) {
  const privacyId = useId();
  const tiktok = draft.platforms.includes('tiktok');
  const reddit = draft.platforms.includes('reddit');
  if (!tiktok && !reddit) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {tiktok && (
        <div>
          <label htmlFor={privacyId} className="mb-1.5 block text-sm font-medium text-zinc-800">
            TikTok: who can see them
          </label>
          <select
            id={privacyId}
            value={draft.tiktokPrivacy}
            onChange={(e) => onChange({ tiktokPrivacy: e.target.value as TikTokPrivacy | '' })}
            required
            aria-invalid={errors.tiktokPrivacy ? true : undefined}
            aria-describedby={errors.tiktokPrivacy ? `${privacyId}-error` : undefined}
            className={cn(inputClasses, 'h-10')}
          >
            <option value="">Choose…</option>
            {TIKTOK_PRIVACY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {TIKTOK_PRIVACY_LABELS[level]}
              </option>
            ))}
          </select>
          {errors.tiktokPrivacy && (
            <p id={`${privacyId}-error`} className="mt-1.5 text-sm text-red-600">
              {errors.tiktokPrivacy}
            </p>
          )}
          {/* Shown wherever a TikTok post is made (Content Sharing Guidelines, "Required UX Implementation" 4). */}
          <div className="mt-1.5">
            <TikTokDeclaration options={{}} />
          </div>
        </div>
      )}
      {reddit && (
        <TextField
          label="Reddit: subreddit"
          value={draft.subreddit}
          onChange={(e) => onChange({ subreddit: e.target.value })}
          placeholder="videos"
          required
          autoCapitalize="none"
          spellCheck={false}
          error={errors.subreddit}
          hint="Its name, such as travel (r/ may be left out)."
        />
      )}
    </div>
  );
}
