import type { PlatformKey, PostError } from '@fanout/contracts';
import { platformName } from '../platform-names';

interface PostErrorTextProps {
  error: PostError;
  platform: PlatformKey;
  /** For aria-describedby of the controls that act on the failure (Retry). */
  id?: string;
}

/** Why a post failed: Fanout's sentence, then the platform's own words and code as it gave them. */
export function PostErrorText({ error, platform, id }: PostErrorTextProps) {
  const name = platformName(platform);
  const ownWords = error.platformMessage && error.platformMessage !== error.message ? error.platformMessage : null;
  return (
    <div id={id} className="space-y-1 text-sm text-red-700">
      <p>{error.message}</p>
      {(ownWords || error.platformCode) && (
        <p className="text-zinc-700">
          <span className="font-medium">{name} said:</span> {ownWords && <q className="break-words">{ownWords}</q>}
          {error.platformCode && (
            <span className="text-zinc-500">
              {ownWords ? ' ' : ''}(code <code className="font-mono text-xs">{error.platformCode}</code>)
            </span>
          )}
        </p>
      )}
    </div>
  );
}
