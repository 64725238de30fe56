import { TIKTOK_DISCLOSURE_TEXT, tiktokBrandToggles } from '@fanout/contracts';
import type { AccountOptionsState } from '../../api/get-publish-options';

const MUSIC_USAGE = 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en';
const BRANDED_CONTENT_POLICY = 'https://www.tiktok.com/legal/page/global/bc-policy/en';
const linkClasses = 'font-medium text-brand-700 underline hover:no-underline';

/**
 * The TikTok account the video goes to, by its nickname, and the longest video it may post, from creator_info
 * read when the card opens (Content Sharing Guidelines, "Required UX Implementation" 1); and why only "Only me" is
 * offered when this server's live app has not passed TikTok's Direct Post audit.
 */
export function TikTokCreator({ account }: { account: AccountOptionsState | undefined }) {
  const options = account?.options;
  if (!options) return null;
  const max = options.maxDurationSeconds;
  return (
    <>
      {(options.creatorNickname || options.creatorUsername) && (
        <p className="text-sm text-zinc-700">
          Posting to TikTok as <span className="font-medium text-zinc-900">{options.creatorNickname}</span>
          {options.creatorUsername && ` (@${options.creatorUsername})`}
          {typeof max === 'number' && `. This account may post videos of up to ${durationWords(max)}.`}
        </p>
      )}
      {options.directPostAudited === false && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {TIKTOK_DISCLOSURE_TEXT.unauditedApp} Only &ldquo;Only me&rdquo; is offered.
        </p>
      )}
    </>
  );
}

/**
 * How TikTok will label the video, and the declarations the person agrees to by posting, shown before the
 * buttons (Content Sharing Guidelines, "Required UX Implementation" 3 and 4).
 */
export function TikTokDeclaration({ options }: { options: Record<string, unknown> }) {
  const { brandOrganic, brandContent } = tiktokBrandToggles(options);
  const label = brandContent ? 'Paid partnership' : brandOrganic ? 'Promotional content' : null;
  return (
    <div className="space-y-1 text-sm text-zinc-700">
      {label && <p>Your video will be labeled &ldquo;{label}&rdquo;.</p>}
      <p>
        By posting, you agree to TikTok&rsquo;s{' '}
        {brandContent && (
          <>
            <a href={BRANDED_CONTENT_POLICY} target="_blank" rel="noreferrer" className={linkClasses}>
              Branded Content Policy
            </a>{' '}
            and{' '}
          </>
        )}
        <a href={MUSIC_USAGE} target="_blank" rel="noreferrer" className={linkClasses}>
          Music Usage Confirmation
        </a>
        .
      </p>
    </div>
  );
}

function durationWords(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
