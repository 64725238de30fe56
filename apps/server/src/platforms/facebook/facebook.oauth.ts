import { expiresIn } from '../base-adapter';
import type { AccountProfile, ExchangeInput, TokenSet } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import type { PermissionHints } from '../meta/meta.errors';
import type { GraphHttp } from '../meta/graph-http';

/**
 * pages_show_list, pages_read_engagement and pages_manage_posts publish to a Page (Video API "Publish with the
 * Video API", Reels Publishing API); publish_video too "if you are publishing a video to the Page" (Pages API
 * "Posts", Before you start); read_insights reads a video's figures (Video API "Insights").
 */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'publish_video',
  'read_insights',
  // The first comment as the Page (POST /{object-id}/comments); optional: a grant without it still publishes.
  'pages_manage_engagement',
  // A Page video's thumbnail (POST /{video-id}/thumbnails); optional: without it the post publishes, the thumbnail is refused.
  'pages_read_user_content',
] as const;

/** The permissions of Fanout's Facebook calls, for naming the one a refusal went without (meta.errors.ts). */
export const FACEBOOK_PERMISSIONS: PermissionHints = {
  scopes: FACEBOOK_SCOPES,
  // What /videos answers to a Page token without publish_video (as live answers quote it).
  meanings: [[/no permission to publish the video/i, ['publish_video']]],
  steps: {
    profile: ['pages_show_list'],
    init: ['pages_manage_posts'],
    metrics: ['read_insights'],
    comment: ['pages_manage_engagement'],
    cover: ['pages_read_user_content', 'pages_manage_engagement'],
  },
};

interface Credentials {
  clientId: string;
  clientSecret: string;
}

interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
}

/**
 * Code → short-lived user token → long-lived user token. The long-lived one matters because the Page
 * tokens `profile` reads with it then never expire.
 */
export async function exchangeFacebookCode(
  http: GraphHttp,
  creds: Credentials,
  input: ExchangeInput,
): Promise<TokenSet> {
  const { data: short } = await tokenCall(http, 'oauth.token', {
    client_id: creds.clientId,
    redirect_uri: input.redirectUri,
    client_secret: creds.clientSecret,
    code: input.code,
  });
  const { data: long, response } = await tokenCall(http, 'oauth.long_lived', {
    grant_type: 'fb_exchange_token',
    client_id: creds.clientId,
    client_secret: creds.clientSecret,
    fb_exchange_token: short.access_token!,
  });
  if (!long.access_token) throw http.unrecognized('oauth.long_lived', response);
  const scopes = await grantedPermissions(http, long.access_token);
  return { accessToken: long.access_token, expiresAt: expiresIn(long.expires_in), scopes };
}

/**
 * What the person granted: the dialog lets them untick permissions, so the grant is read back from
 * `GET /me/permissions` (Facebook Login "Managing Permissions": `{data: [{permission, status}]}`).
 */
async function grantedPermissions(http: GraphHttp, userToken: string): Promise<string[]> {
  const answer = await http.graph<{ data?: { permission?: string; status?: string }[] }>(
    'oauth.permissions',
    'me/permissions',
    userToken,
  );
  if (!Array.isArray(answer.data)) throw http.unrecognized('oauth.permissions', undefined, 'permissions without data');
  return answer.data
    .filter((p) => p.status === 'granted' && typeof p.permission === 'string')
    .map((p) => p.permission!);
}

async function tokenCall(http: GraphHttp, step: string, query: Record<string, string>) {
  const response = await http.request(step, http.graphUrl('oauth/access_token'), { query });
  const data = (response.body ?? {}) as TokenAnswer;
  if (typeof data.access_token !== 'string') throw http.unrecognized(step, response);
  return { response, data };
}

/**
 * Every Page the person manages, each published as with the Page's own token (which does not expire): the
 * person chooses which of them to connect, each becoming a connection of its own. The person's long-lived user
 * token is kept beside each (as the grant's second token): the Resumable Upload API's session on
 * `/<app-id>/uploads` takes a user token, not a Page's (Graph API "Upload a file").
 */
export async function facebookPages(http: GraphHttp, tokens: TokenSet): Promise<AccountProfile[]> {
  const answer = await http.graph<{ data?: PageEntry[] }>('profile', 'me/accounts', tokens.accessToken, {
    query: { fields: 'id,name,access_token,picture' },
  });
  if (!Array.isArray(answer.data)) throw http.unrecognized('profile', undefined, 'a Page list without data');
  if (answer.data.length === 0)
    throw new PlatformError(http.platform, 'rejected', 'This Facebook account manages no Page', {
      step: 'profile',
      platformMessage: 'This Facebook account manages no Page',
    });
  return answer.data.map((page) => pageProfile(http, page, tokens));
}

/** The first Page the person manages (see facebookPages for all of them). */
export async function facebookProfile(http: GraphHttp, tokens: TokenSet): Promise<AccountProfile> {
  return (await facebookPages(http, tokens))[0]!;
}

function pageProfile(http: GraphHttp, page: PageEntry, tokens: TokenSet): AccountProfile {
  if (page.id === undefined || typeof page.access_token !== 'string')
    throw http.unrecognized('profile', undefined, 'a Page without id or token');
  const pageId = String(page.id);
  return {
    accountId: pageId,
    name: page.name ?? pageId,
    avatarUrl: page.picture?.data?.url ?? null,
    extra: { pageId },
    tokens: { accessToken: page.access_token, refreshToken: tokens.accessToken, scopes: tokens.scopes },
  };
}

interface PageEntry {
  id?: string | number;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
}

/** Page tokens do not expire, so there is nothing to refresh; one that did expire needs a new connection. */
export function refreshFacebookTokens(platform: string, tokens: TokenSet): TokenSet {
  if (tokens.expiresAt && tokens.expiresAt.getTime() <= Date.now())
    throw new PlatformError(platform, 'disconnected', 'facebook refresh: the Page token expired; connect again', {
      step: 'oauth.refresh',
    });
  return tokens;
}
