import { Link } from 'react-router';
import { missingFeature, type Connection } from '@fanout/contracts';
import { useCaptions } from '@/features/video/api/captions';

/**
 * A video with caption tracks, posted to an account connected before Fanout asked for the captions permission
 * (YouTube's youtube.force-ssl): the post would be refused (409 `reconnect_to_allow`), so the card says so where
 * the person chooses the accounts, naming them, with the way out. A video without captions posts as before.
 */
export function CaptionsReconnectNote({ videoId, accounts }: { videoId: number; accounts: readonly Connection[] }) {
  const lacking = accounts.filter((account) => missingFeature(account, 'captions'));
  const tracks = useCaptions(videoId).data?.captions ?? [];
  const missing = missingFeature(lacking[0], 'captions');
  if (!missing || tracks.length === 0) return null;
  return (
    <p className="text-sm text-zinc-600">
      Captions ({tracks.map((t) => t.language).join(', ')}) cannot be sent to{' '}
      {lacking.map((account) => account.accountName).join(', ')}:{' '}
      <Link to="/accounts" className="font-medium text-brand-700 hover:underline">
        Reconnect to allow {missing.label}
      </Link>
      , or remove the video’s captions. Until then the post is refused.
    </p>
  );
}
