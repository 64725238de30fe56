import type { EmulatorContext } from '../../core/context';
import type { EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { graphError } from '../meta/graph-errors';
import { authorize } from '../meta/graph-routes';

/** Which kind of token a call takes, and the permissions the person must have granted for it. */
export interface CallRule {
  token: 'user' | 'page';
  permissions: readonly string[];
  /**
   * Facebook's own answer when the token is of the wrong kind or lacks a permission, where it has one of its
   * own; otherwise a user token is refused with (#102), a Page edge with (#210) and a missing permission
   * with (#200).
   */
  refused?: () => EmuResponse;
}

/**
 * "(#100) No permission to publish the video": what `POST /<page-id>/videos` answers to a token that may not
 * publish a video there (without `publish_video`, or a user's token instead of the Page's). The words are
 * Facebook's, as client code quotes them from live answers; code 100 is Graph's "invalid parameter" (Graph API
 * "Handling errors").
 */
const noVideoPermission = () => graphError({ message: '(#100) No permission to publish the video', code: 100 });

/**
 * The calls of Facebook Login and the Pages, Video and Resumable Upload APIs, each with the document it comes
 * from. Every permission listed must be granted (Graph API "Handling errors": code 10 and 200–299 are
 * permission errors; 102 "a user access token is required").
 */
export const FB_CALLS = {
  /**
   * `POST /<app-id>/uploads` and `POST|GET /upload:<SID>`: Graph API "Upload a file" (Resumable Upload API):
   * "You will need: … A User access token"; both steps send `<USER_ACCESS_TOKEN>`.
   */
  upload: { token: 'user', permissions: [] },
  /** `GET /me/accounts`: pages_show_list lists the Pages a person manages (Video API "Get Started"). */
  accounts: { token: 'user', permissions: ['pages_show_list'] },
  /** `GET|DELETE /me/permissions`: Facebook Login "Managing Permissions" reads and removes them as the person. */
  permissions: { token: 'user', permissions: [] },
  /**
   * `POST /<page-id>/videos`: a Page access token with pages_show_list, pages_read_engagement and
   * pages_manage_posts (Video API "Publish with the Video API", Requirements), and publish_video "if you are
   * publishing a video to the Page" (Pages API "Posts", Before you start).
   */
  pageVideo: {
    token: 'page',
    permissions: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'publish_video'],
    refused: noVideoPermission,
  },
  /**
   * `POST /<page-id>/video_reels` and the Reel's bytes to rupload: "A Page access token … pages_show_list,
   * pages_read_engagement, pages_manage_posts" (Video API "Reels Publishing API", Before You Start).
   */
  pageReel: { token: 'page', permissions: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'] },
  /** Reads of the Page and its videos: a Page token with pages_read_engagement (Pages API "Posts", Get posts). */
  pageRead: { token: 'page', permissions: ['pages_read_engagement'] },
  /** `GET /<video-id>/video_insights`: the Page's token; read_insights is checked by the route (Video API Insights). */
  insights: { token: 'page', permissions: [] },
  /**
   * `POST /<object-id>/comments` as the Page: "A Page access token requested by a person who can perform the
   * MODERATE task on the Page" with pages_manage_engagement (Graph API Comments edge, Creating).
   */
  comment: { token: 'page', permissions: ['pages_manage_engagement'] },
  /**
   * `GET /<object-id>/comments` as the Page: a Page access token with pages_read_engagement and
   * pages_read_user_content (Graph API Comments edge, Reading: reading the comments people left on a Page's
   * object is user content).
   */
  readComments: { token: 'page', permissions: ['pages_read_engagement', 'pages_read_user_content'] },
  /**
   * `POST /<video-id>/thumbnails`: "Page" access token with pages_read_user_content, pages_manage_engagement and
   * pages_show_list (Graph API "Video Thumbnails", Creating, Requirements).
   */
  thumbnail: {
    token: 'page',
    permissions: ['pages_read_user_content', 'pages_manage_engagement', 'pages_show_list'],
  },
  /**
   * `POST /<video-id>/captions`: the Page's token, with the permissions that publish on the Page (Video API
   * "Publish with the Video API", Requirements); a caption is part of the Page's video.
   */
  captions: { token: 'page', permissions: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts'] },
} as const satisfies Record<string, CallRule>;

export type CallAuth = { ok: true; token: AccessToken } | { ok: false; response: EmuResponse };

const isPageToken = (t: AccessToken) => t.meta?.kind === 'page';

/** The presented token checked against a call's rule: its kind, then its permissions. */
export function checkCall(ctx: EmulatorContext, presented: string | undefined, rule: CallRule): CallAuth {
  const auth = authorize(ctx, 'facebook', presented);
  if (!auth.ok) return auth;
  const refuse = (fallback: () => EmuResponse): CallAuth => ({ ok: false, response: (rule.refused ?? fallback)() });
  if (rule.token === 'page' && !isPageToken(auth.token))
    return refuse(() =>
      graphError({ message: '(#210) A page access token is required to request this resource.', code: 210 }),
    );
  if (rule.token === 'user' && isPageToken(auth.token))
    return refuse(() =>
      graphError({ message: 'A user access token is required to request this resource.', code: 102 }),
    );
  const missing = rule.permissions.filter((p) => !auth.token.scopes.includes(p));
  if (missing.length)
    return refuse(() =>
      graphError({
        message: `(#200) This action requires the ${missing.join(' and ')} permission${missing.length > 1 ? 's' : ''} as an admin with sufficient administrative permission`,
        code: 200,
      }),
    );
  return auth;
}
