import type { AppContext } from '../../context';
import type { ConnectedAccount, PlatformAdapter } from '../../platforms/platform-adapter';
import { isPlatformError } from '../../platforms/platform-error';
import { refreshConnection } from '../connections/connection-refresh.service';
import { grantRefused, refusalReason } from '../connections/needs-reconnect';
import { getPublishingAccount } from '../connections/publishing-account.service';

export type AsAccount<T> = { ok: true; value: T } | { ok: false; refusal: string };

/**
 * A first comment's call (its send or its look-up) made as the post's account. An expired token is renewed once and
 * the call made again (the platform refused the first). The platform refusing the grant itself (a permission taken
 * away, a token refused after renewal) marks the connection for a reconnect, as a publish that met the same refusal
 * would, and comes back as `refusal`: its words. Any other failure is thrown.
 */
export async function asCommentAccount<T>(
  ctx: AppContext,
  connectionId: number,
  call: (adapter: PlatformAdapter, account: ConnectedAccount) => Promise<T>,
): Promise<AsAccount<T>> {
  for (let renewed = false; ; renewed = true) {
    const { adapter, account, tokenSeal } = await getPublishingAccount(ctx, connectionId);
    try {
      return { ok: true, value: await call(adapter, account) };
    } catch (err) {
      if (!isPlatformError(err)) throw err;
      if (err.kind === 'auth_expired' && !renewed) {
        await refreshConnection(ctx, connectionId);
        continue;
      }
      if (err.kind !== 'disconnected' && err.kind !== 'auth_expired') throw err;
      await grantRefused(ctx, connectionId, err, tokenSeal);
      return { ok: false, refusal: refusalReason(err) };
    }
  }
}
