import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ENUMS } from './fields';
import { MEDIA } from './limits';
import { defaultCategory } from './media-store';
import { check, loadOpenApi, resolve, responseSchema, type Schema } from './openapi-check';
import { KNOWN_SCOPES, OPERATION_SCOPES } from './scopes';
import { call, clock, connect, startX, status, uploadVideo, type Clock, type TestX } from './test-helpers';
import { CREATE_KEYS, CREATE_MEDIA_KEYS, REPLY_SETTINGS } from './tweets';

const doc = loadOpenApi();
const schema = (name: string) => doc.components.schemas[name]!;
const prop = (name: string, p: string) => resolve(doc, schema(name).properties![p]!);
const sorted = (xs: readonly unknown[]) => [...xs].map(String).sort();
const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));

describe('X emulator against openapi.json: the tables', () => {
  it('accepts exactly the media enums and bounds of the upload operations', () => {
    expect(sorted(MEDIA.categories)).toEqual(sorted(prop('InitializeMediaUploadRequest', 'media_category').enum!));
    expect(sorted(MEDIA.types)).toEqual(sorted(prop('InitializeMediaUploadRequest', 'media_type').enum!));
    expect(sorted(MEDIA.oneShotCategories)).toEqual(sorted(prop('MediaUploadRequest', 'media_category').enum!));
    expect(MEDIA.maxTotalBytes).toBe(prop('InitializeMediaUploadRequest', 'total_bytes').maximum);
    expect(prop('AppendMediaUploadRequest', 'segment_index')).toMatchObject({
      minimum: 0,
      maximum: MEDIA.segmentIndexMax,
    });
    expect(sorted(schema('AppendMediaUploadRequest').required!)).toEqual(['media', 'segment_index']);
  });

  it('takes exactly the members of a create request, and as many media as it allows', () => {
    expect(sorted(CREATE_KEYS)).toEqual(sorted(Object.keys(schema('CreatePostsRequest').properties!)));
    expect(sorted(CREATE_MEDIA_KEYS)).toEqual(sorted(Object.keys(schema('CreatePostsMedia').properties!)));
    expect(sorted(REPLY_SETTINGS)).toEqual(sorted(prop('CreatePostsRequest', 'reply_settings').enum!));
    expect(MEDIA.perPost).toBe(prop('CreatePostsMedia', 'media_ids').maxItems);
  });

  it('takes exactly the fields and expansions values of the parameters', () => {
    const param = (name: string) => doc.components.parameters[name]!.schema.items!.enum!;
    expect(sorted(FIELD_ENUMS['tweet.fields'])).toEqual(sorted(param('PostFieldsParameter')));
    expect(sorted(FIELD_ENUMS['user.fields'])).toEqual(sorted(param('UserFieldsParameter')));
    expect(sorted(FIELD_ENUMS['media.fields'])).toEqual(sorted(param('MediaFieldsParameter')));
    expect(sorted(FIELD_ENUMS['poll.fields'])).toEqual(sorted(param('PollFieldsParameter')));
    expect(sorted(FIELD_ENUMS['place.fields'])).toEqual(sorted(param('PlaceFieldsParameter')));
    expect(sorted(FIELD_ENUMS.expansions)).toEqual(sorted(param('PostExpansionsParameter')));
    expect(sorted(FIELD_ENUMS['user.expansions'])).toEqual(sorted(param('UserExpansionsParameter')));
  });

  it('asks for the scopes each operation lists, and knows every scope of the document', () => {
    for (const [id, scopes] of Object.entries(OPERATION_SCOPES)) {
      const op = operations.find((o) => o.operationId === id)!;
      const listed = op.security.find((s) => s.OAuth2UserToken)!.OAuth2UserToken!;
      expect(sorted(scopes), id).toEqual(sorted(listed));
    }
    expect(sorted(KNOWN_SCOPES)).toEqual(
      sorted(Object.keys(doc.components.securitySchemes.OAuth2UserToken.flows.authorizationCode.scopes)),
    );
  });
});

describe('X emulator against openapi.json: the answers', () => {
  let t: TestX;
  let time: Clock;
  let token: string;
  const additions = new Set<string>();
  beforeAll(async () => {
    time = clock();
    t = await startX({ now: time.now });
    token = (await connect(t)).accessToken;
  });
  afterAll(() => t.stop());

  const valid = (s: Schema, value: unknown) => {
    const unknown: string[] = [];
    expect(check(doc, s, value, '$', unknown)).toEqual([]);
    unknown.forEach((u) => additions.add(u));
  };
  const ok = (path: string, method: string) => responseSchema(doc, path, method);
  const problem = { $ref: '#/components/schemas/Problem' };

  it('accepts every media category and type of the enums (with a fitting type) and refuses others', async () => {
    for (const media_type of MEDIA.types) {
      const res = await call(t.api('/2/media/upload/initialize'), token, { json: { media_type, total_bytes: 10 } });
      expect(res.status, media_type).toBe(200);
      valid(ok('/2/media/upload/initialize', 'post'), res.body);
    }
    for (const media_category of MEDIA.categories) {
      const media_type = MEDIA.types.find(
        (ty) => defaultCategory(ty).split('_').pop() === media_category.split('_').pop(),
      )!;
      const res = await call(t.api('/2/media/upload/initialize'), token, {
        json: { media_type, total_bytes: 10, media_category },
      });
      expect(res.status, media_category).toBe(200);
    }
    const refused = await call(t.api('/2/media/upload/initialize'), token, {
      json: { media_type: 'video/mp4', total_bytes: 10, media_category: 'TWEET_VIDEO' },
    });
    expect(refused.status).toBe(400);
    valid(problem, refused.body);
  });

  it('answers the whole flow with bodies valid against the response schemas', async () => {
    const { id, finalize } = await uploadVideo(t, token, randomBytes(3000), 1000);
    valid(ok('/2/media/upload/{id}/finalize', 'post'), finalize.body);
    const append = await call(t.api('/2/media/upload/initialize'), token, {
      json: { media_type: 'video/mp4', total_bytes: 5 },
    });
    const form = new (await import('undici')).FormData();
    form.set('segment_index', '0');
    form.set('media', new Blob([new Uint8Array(5)]), 'b');
    valid(
      ok('/2/media/upload/{id}/append', 'post'),
      (await call(t.api(`/2/media/upload/${append.body.data.id}/append`), token, { form: form as never })).body,
    );
    for (let i = 0; i < 3; i++) {
      valid(ok('/2/media/upload', 'get'), (await status(t, token, id)).body);
      time.advance(1000);
    }
    const created = await call(t.api('/2/tweets'), token, { json: { text: 'contract', media: { media_ids: [id] } } });
    expect(created.status).toBe(201);
    valid(ok('/2/tweets', 'post'), created.body);
    const postId = created.body.data.id as string;
    const me = await call(
      t.api('/2/users/me?user.fields=profile_image_url,created_at,description,protected,verified,public_metrics'),
      token,
    );
    valid(ok('/2/users/me', 'get'), me.body);
    const fields =
      'tweet.fields=attachments,created_at,author_id,conversation_id,lang,public_metrics,non_public_metrics,organic_metrics,possibly_sensitive,reply_settings&expansions=attachments.media_keys,author_id&media.fields=public_metrics,preview_image_url,url&user.fields=profile_image_url';
    valid(
      ok('/2/users/{id}/tweets', 'get'),
      (await call(t.api(`/2/users/${me.body.data.id}/tweets?${fields}`), token)).body,
    );
    valid(ok('/2/tweets/{id}', 'get'), (await call(t.api(`/2/tweets/${postId}?${fields}`), token)).body);
    valid(ok('/2/tweets', 'get'), (await call(t.api(`/2/tweets?ids=${postId},42&${fields}`), token)).body);
    valid(ok('/2/tweets/{id}', 'get'), (await call(t.api('/2/tweets/42'), token)).body);
    const image = new (await import('undici')).FormData();
    image.set('media_category', 'tweet_image');
    image.set('media', new Blob([new Uint8Array(9)]), 'i.png');
    valid(ok('/2/media/upload', 'post'), (await call(t.api('/2/media/upload'), token, { form: image as never })).body);
    valid(problem, (await call(t.api('/2/tweets'), token, { json: { text: 'x'.repeat(281) } })).body);
  });

  it('departs from the document only where X does: a failed status carries processing_info.error', async () => {
    await fetch(`${t.emu.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'x', kind: 'processing_failed' }),
    });
    const { id } = await uploadVideo(t, token, randomBytes(100));
    time.advance(1000);
    const failed = await status(t, token, id);
    expect(check(doc, ok('/2/media/upload', 'get'), failed.body)).toEqual([
      '$.data.processing_info.error: not allowed',
    ]);
  });

  it('needs every scope an operation lists', async () => {
    for (const missing of OPERATION_SCOPES.createPosts) {
      const scopes = OPERATION_SCOPES.createPosts.filter((s) => s !== missing);
      const narrow = t.emu.ctx.oauth.issueAccess({
        platform: 'x',
        accountId: '1580000000000000001',
        clientId: 'fanout-sandbox',
        scopes,
        ttlSeconds: 60,
      });
      expect((await call(t.api('/2/tweets'), narrow.accessToken, { json: { text: `scope ${missing}` } })).status).toBe(
        403,
      );
    }
  });

  it('adds to the documented members only these (real API names and X’s error details)', () => {
    expect([...additions].sort()).toEqual([
      '$.data.public_metrics.retweet_count',
      '$.data[].public_metrics.retweet_count',
      '$.errors',
    ]);
  });
});
