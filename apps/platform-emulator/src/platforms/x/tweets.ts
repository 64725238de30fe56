import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { errorPage, postPage } from '../../core/pages';
import { accountById, postUrl } from './accounts';
import { apiRoute } from './api';
import { MEDIA, TEXT } from './limits';
import { kindOf, mayUse, mediaRecords, snowflake, type MediaRecord } from './media-store';
import { DUPLICATE, forbidden, invalidRequest } from './problems';
import { tweets } from './render';
import { readReply } from './replies';
import { weightedLength } from './text-weight';

/** The members of CreatePostsRequest and CreatePostsMedia (both closed to others). */
export const CREATE_KEYS = [
  'card_uri',
  'community_id',
  'direct_message_deep_link',
  'edit_options',
  'for_super_followers_only',
  'geo',
  'made_with_ai',
  'media',
  'nullcast',
  'paid_partnership',
  'poll',
  'quote_tweet_id',
  'reply',
  'reply_settings',
  'share_with_followers',
  'text',
];
export const CREATE_MEDIA_KEYS = [
  'call_to_actions',
  'description',
  'embeddable',
  'media_ids',
  'preview_media_id',
  'tagged_user_ids',
  'title',
];
export const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];

const ID = /^[0-9]{1,19}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function registerTweets(api: RouteApi, ctx: EmulatorContext) {
  apiRoute(
    api,
    ctx,
    { method: 'POST', path: '/2/tweets', step: 'create', operation: 'createPosts', limit: 'POST /2/tweets' },
    async (req, token) => {
      const body = await req.json();
      if (!isObject(body)) return invalidRequest('The request body must be a JSON object.');
      const unknown = Object.keys(body).find((k) => !CREATE_KEYS.includes(k));
      if (unknown) return invalidRequest(`The field [${unknown}] is not allowed.`, unknown);
      const { text = '', media, reply_settings: replySettings } = body;
      if (typeof text !== 'string') return invalidRequest('text must be a string.', 'text', text);
      const reply = readReply(ctx, body.reply);
      if ('status' in reply) return reply;
      if (replySettings !== undefined && !REPLY_SETTINGS.includes(replySettings as string))
        return invalidRequest(
          `The reply_settings value [${String(replySettings)}] is not one of [${REPLY_SETTINGS.join(',')}].`,
          'reply_settings',
        );
      let ids: string[] = [];
      if (media !== undefined) {
        if (!isObject(media)) return invalidRequest('media must be an object.', 'media');
        const extra = Object.keys(media).find((k) => !CREATE_MEDIA_KEYS.includes(k));
        if (extra) return invalidRequest(`The field [media.${extra}] is not allowed.`, `media.${extra}`);
        const list = media.media_ids;
        if (
          !Array.isArray(list) ||
          list.length < 1 ||
          list.length > MEDIA.perPost ||
          !list.every((x) => typeof x === 'string' && ID.test(x))
        )
          return invalidRequest(`media.media_ids must hold 1 to ${MEDIA.perPost} media ids.`, 'media.media_ids');
        ids = list as string[];
      }
      if (!text.trim() && !ids.length) return invalidRequest('A post needs text or media.', 'text');
      const length = weightedLength(text);
      if (length > TEXT.maxWeightedLength)
        return invalidRequest(
          `The text is too long: its weighted length is ${length}, over ${TEXT.maxWeightedLength}.`,
          'text',
        );

      const attached: MediaRecord[] = [];
      for (const id of ids) {
        const m = mediaRecords(ctx).get(id);
        if (!mayUse(m, token.accountId) || m.category === 'subtitles' || m.category.startsWith('dm_'))
          return invalidRequest('Your media IDs are invalid.', 'media.media_ids', id);
        if (m.state !== 'succeeded')
          return invalidRequest(`Media id [${id}] is not ready: its processing is ${m.state}.`, 'media.media_ids', id);
        attached.push(m);
      }
      if (attached.length > 1 && attached.some((m) => kindOf(m.category) !== 'image'))
        return invalidRequest('A video or a GIF must be the only media of a post.', 'media.media_ids');

      const mine = tweets(ctx)
        .values()
        .filter((t) => t.authorId === token.accountId)
        .sort((a, b) => b.seq - a.seq);
      const repeated = text.trim() !== '' && mine[0]?.text === text;
      if (ctx.faults.take('x', 'create', ['duplicate']) || repeated) return forbidden(DUPLICATE);

      const id = snowflake(ctx.now(), (x) => !!tweets(ctx).get(x));
      const record = {
        id,
        authorId: token.accountId,
        text,
        mediaIds: ids,
        mediaKeys: attached.map((m) => m.mediaKey),
        createdAt: ctx.now(),
        seq: tweets(ctx).values().length,
        ...(reply.to ? { inReplyToId: reply.to } : {}),
      };
      tweets(ctx).set(id, record);
      const author = accountById(token.accountId)!;
      if (reply.to) {
        // A reply is a comment under the post it answers, not a post of its own in the list of what went live.
        ctx.published.comment({ platform: 'x', id, postId: reply.to, accountId: author.id, text });
        return json(201, { data: { id, text } });
      }
      ctx.published.record({
        platform: 'x',
        id,
        url: postUrl(ctx, author.username, id),
        accountId: author.id,
        title: '',
        caption: text,
        blobId: attached[0]?.blobId ?? `x-text-${id}`,
        publishedAt: new Date(record.createdAt).toISOString(),
      });
      for (const track of attached[0]?.subtitles ?? []) ctx.published.addCaption('x', id, track);
      return json(201, { data: { id, text } });
    },
  );

  api.route('GET', 'x.com', '/:username/status/:id', 'page', (req) => {
    const t = tweets(ctx).get(req.params.id!);
    const author = t && accountById(t.authorId);
    if (!t || !author || author.username !== req.params.username)
      return errorPage(404, "Hmm...this page doesn't exist.", 'Try searching for something else.');
    const first = t.mediaIds[0] ? mediaRecords(ctx).get(t.mediaIds[0]) : undefined;
    return postPage({
      platformName: 'X',
      accountName: `${author.name} (@${author.username})`,
      text: t.text,
      mediaUrl: first ? ctx.mediaUrl(first.blobId) : undefined,
    });
  });
}
