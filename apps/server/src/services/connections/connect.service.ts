import type { ConnectErrorCode, OAuthCallbackQuery, PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { AccountProfile, TokenSet } from '../../platforms/platform-adapter';
import { isPlatformError } from '../../platforms/platform-error';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { getOwnProject } from '../projects.service';
import { createConnectState, takeConnectState } from './connect-state';
import { storePendingConnection } from './pending-connection';

export const platformUnavailable = (platform: string) =>
  new AppError(409, 'platform_unavailable', `${platform} cannot be connected on this server`);

/** Where the platform sends the browser back: registered with each platform's app (`npm run doctor` lists them). */
export const redirectUri = (ctx: { config: Pick<AppContext['config'], 'publicUrl'> }, platform: string) =>
  `${ctx.config.publicUrl}/api/oauth/${platform}/callback`;

/** The platform's authorize page for connecting an account to one of the user's projects. */
export async function startConnection(
  ctx: AppContext,
  userId: number,
  platform: PlatformKey,
  projectId: number,
): Promise<{ url: string }> {
  await getOwnProject(ctx, userId, projectId);
  const adapter = ctx.platforms.get(platform);
  if (!adapter) throw platformUnavailable(platform);
  const { state, codeChallenge } = await createConnectState(ctx, {
    userId,
    projectId,
    platform,
    pkce: adapter.usesPkce,
  });
  return { url: adapter.authorizeUrl({ state, redirectUri: redirectUri(ctx, platform), codeChallenge }) };
}

export type ConnectOutcome = { pending: string; platform: PlatformKey } | { error: ConnectErrorCode };

/**
 * The platform's answer at the redirect URI. The state says who started the flow; the grant, with every account
 * it may publish as, is kept pending for that person to confirm with their own session (and to choose among
 * those accounts: confirm-connection.service.ts), since whoever's browser brought the answer back may be someone
 * else. Every failure stores nothing.
 */
export async function finishConnection(
  ctx: AppContext,
  platform: string,
  query: OAuthCallbackQuery,
): Promise<ConnectOutcome> {
  // Taken first, so a state is used up by any answer that carries it, even a refusal.
  const binding = query.state ? await takeConnectState(ctx, query.state) : undefined;
  if (query.error) return { error: 'access_denied' };
  if (!binding || binding.platform !== platform) return { error: 'invalid_state' };
  if (!(await findProjectOfUser(ctx.db, binding.projectId, binding.userId))) return { error: 'invalid_state' };
  const adapter = ctx.platforms.get(binding.platform);
  if (!adapter) return { error: 'platform_unavailable' };
  if (!query.code) return { error: 'exchange_failed' };

  let tokens: TokenSet;
  let accounts: AccountProfile[];
  try {
    tokens = await adapter.exchangeCode({
      code: query.code,
      redirectUri: redirectUri(ctx, platform),
      codeVerifier: binding.codeVerifier,
    });
  } catch (err) {
    return { error: failed(ctx, err, platform, 'the code exchange failed', 'exchange_failed') };
  }
  try {
    accounts = await adapter.accounts(tokens);
  } catch (err) {
    // The platform answered but refuses this account for publishing (e.g. a Facebook user without a Page).
    const code = isPlatformError(err) && err.kind === 'rejected' ? 'account_unusable' : 'exchange_failed';
    return { error: failed(ctx, err, platform, 'the account profile could not be read', code) };
  }
  // Each account keeps its own tokens where the platform gave some (a Page's), else the exchanged ones.
  const pending = await storePendingConnection(ctx, binding, {
    accounts: accounts.map(({ tokens: own, ...profile }) => ({ tokens: own ?? tokens, profile })),
    sandbox: adapter.sandbox,
  });
  return { pending, platform: binding.platform };
}

function failed(ctx: AppContext, err: unknown, platform: string, what: string, code: ConnectErrorCode) {
  if (!isPlatformError(err)) throw err;
  ctx.log.warn({ platform, code, platformError: err.toJSON() }, `connecting a platform account: ${what}`);
  return code;
}
