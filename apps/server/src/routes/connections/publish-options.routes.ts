import {
  CommunityParams,
  ErrorBody,
  IdParams,
  PublishOptionsResponse,
  RedditCommunityRulesResponse,
  YouTubePlaylistsResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { limitPerUser } from '../../http/limit-per-user';
import { REQUEST_LIMITS } from '../../services/limits/request-limits';
import { connectionCommunityRules } from '../../services/connections/community-rules.service';
import { connectionPublishOptions } from '../../services/connections/publish-options.service';
import { connectionPlaylists } from '../../services/connections/youtube-playlists.service';

/** What a call that asks the platform as the account may answer besides its 200. */
const ACCOUNT_CALL_ERRORS = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
};

export const publishOptionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/connections/:id/publish-options',
      {
        config: { access: { row: 'platform_connections', at: 'params.id', need: 'edit' } },
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.publishOptions),
        schema: {
          tags: ['connections'],
          security: [{ bearer: [] }],
          summary: 'What a connected account may choose when publishing, as its platform says now',
          description:
            "Asks the platform each time (TikTok's creator_info): `privacyLevelOptions` are the privacy levels " +
            'to offer (the person chooses one; there is no default), `maxDurationSeconds` the longest video the ' +
            'account may post, `commentDisabled`/`duetDisabled`/`stitchDisabled` interactions it turned off, ' +
            '`creatorNickname`/`creatorUsername` the account the post goes to; `directPostAudited: false` when ' +
            "this server's live TikTok app has not passed TikTok's Direct Post audit (TIKTOK_AUDITED), and then only " +
            '`SELF_ONLY` is offered. A ' +
            'platform without such choices answers `options: {}`. 502 `platform_unavailable` with the ' +
            "platform's own words when it refuses or fails (with Retry-After when rate-limited); 409 " +
            '`needs_reconnect` when the account must be connected again; 404 for a connection that is not yours. ' +
            `At most ${REQUEST_LIMITS.publishOptions.max} calls per user per minute, across every server process: ` +
            '429 `too_many_option_checks` with Retry-After.',
          params: IdParams,
          response: { 200: PublishOptionsResponse, ...ACCOUNT_CALL_ERRORS },
        },
      },
      async (request) => connectionPublishOptions(ctx, ownerOf(request), request.params.id),
    );

    app.get(
      '/connections/:id/communities/:name',
      {
        config: { access: { row: 'platform_connections', at: 'params.id', need: 'edit' } },
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.publishOptions),
        schema: {
          tags: ['connections'],
          security: [{ bearer: [] }],
          summary: 'What a Reddit community asks of a post, as Reddit says now',
          description:
            "Asks Reddit each time for the community's post requirements (`/api/v1/{subreddit}/post_requirements`: " +
            '`flairRequired`, title lengths, words a title must or must not hold, guidelines) and its link flairs ' +
            '(`link_flair_v2`: `flairs` by id and text, to send one as `options.flairId`). `flairs` is null and ' +
            '`reconnectFor` says why when the connection was granted before Fanout asked for the `flair` scope. The ' +
            'same rules are checked again before anything is uploaded when the post is published. 400 ' +
            '`no_communities` for a platform other than Reddit, 400 `validation_failed` for a name that is not a ' +
            "community's, 404 for a community Reddit does not know; otherwise answered as publish options are (502 `platform_unavailable`, 409 " +
            '`needs_reconnect`, 404, and the same limit of calls per user per minute: 429 `too_many_option_checks`).',
          params: CommunityParams,
          response: { 200: RedditCommunityRulesResponse, ...ACCOUNT_CALL_ERRORS },
        },
      },
      async (request) => connectionCommunityRules(ctx, ownerOf(request), request.params.id, request.params.name),
    );

    app.get(
      '/connections/:id/playlists',
      {
        config: { access: { row: 'platform_connections', at: 'params.id', need: 'edit' } },
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.publishOptions),
        schema: {
          tags: ['connections'],
          security: [{ bearer: [] }],
          summary: "A YouTube channel's own playlists, to add a video to",
          description:
            "Asks YouTube each time (playlists.list with mine=true, every page): each playlist's `id` (to send in " +
            '`options.playlistIds`, at most 10), `title`, `privacy` and `itemCount`. After the video is up, the post ' +
            'adds it to each chosen playlist (playlistItems.insert); a refusal leaves the video published with ' +
            "YouTube's words in the post's `playlistError`. `playlists` is null and `reconnectFor` says why when the " +
            'channel was connected before Fanout asked for youtube.force-ssl (a post with playlists to it is refused ' +
            '409 `reconnect_to_allow`). 400 `no_playlists` for a platform other than YouTube; otherwise answered as ' +
            'publish options are (502 `platform_unavailable`, 409 `needs_reconnect`, 404, and the same limit of ' +
            'calls per user per minute: 429 `too_many_option_checks`).',
          params: IdParams,
          response: { 200: YouTubePlaylistsResponse, ...ACCOUNT_CALL_ERRORS },
        },
      },
      async (request) => connectionPlaylists(ctx, ownerOf(request), request.params.id),
    );
  };
