import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSchema, loadDiscovery } from './discovery-check';
import { PROCESSING_MS, UPLOAD, VIDEO } from './limits';
import { KNOWN_SCOPES, METHOD_SCOPES } from './scopes';
import {
  clock,
  connect,
  G,
  getJson,
  metadata,
  openSession,
  put,
  related,
  startYoutube,
  videoBytes,
  type Clock,
  type TestYoutube,
} from './test-helpers';
import { acceptsMedia } from './upload';
import { SNIPPET_KEYS, STATUS_KEYS } from './video-resource';
import { CHANNEL_PARTS } from './videos';

const doc = loadDiscovery('youtube.v3.json');
const analytics = loadDiscovery('youtubeAnalytics.v2.json');
const method = (resource: string, name: string) => doc.resources[resource]!.methods[name]!;
const insert = method('videos', 'insert');
const props = (schema: string) => Object.keys(doc.schemas[schema]!.properties!);
const sorted = (xs: readonly string[]) => [...xs].sort();

describe('YouTube emulator against youtube.v3.json: the tables', () => {
  it('serves videos.insert on the discovery document upload paths, accepting its MIME types up to its maxSize', () => {
    const { protocols, accept, maxSize } = insert.mediaUpload!;
    expect(UPLOAD.simplePath).toBe(protocols.simple!.path);
    expect(UPLOAD.resumablePath).toBe(protocols.resumable!.path);
    expect(sorted(UPLOAD.accept)).toEqual(sorted(accept));
    expect(UPLOAD.maxSize).toBe(Number(maxSize));
    for (const type of ['video/mp4', 'video/quicktime', 'video/webm', 'application/octet-stream'])
      expect(acceptsMedia(type)).toBe(true);
    for (const type of ['image/png', 'audio/mpeg', 'text/plain', 'video/', 'application/json'])
      expect(acceptsMedia(type)).toBe(false);
  });

  it('takes the enums and parts of the Video schema', () => {
    const status = doc.schemas.VideoStatus!.properties!;
    expect(sorted(VIDEO.privacyStatuses)).toEqual(sorted(status.privacyStatus!.enum!));
    expect(sorted(VIDEO.licenses)).toEqual(sorted(status.license!.enum!));
    expect(sorted(VIDEO.parts)).toEqual(sorted(props('Video').filter((p) => p !== 'kind' && p !== 'etag')));
    expect(sorted(CHANNEL_PARTS)).toEqual(sorted(props('Channel').filter((p) => p !== 'kind' && p !== 'etag')));
    for (const k of SNIPPET_KEYS) expect(props('VideoSnippet')).toContain(k);
    for (const k of STATUS_KEYS) expect(props('VideoStatus')).toContain(k);
  });

  it('asks for the scopes each method lists, and knows every scope of the two documents', () => {
    expect(sorted(METHOD_SCOPES['youtube.videos.insert'])).toEqual(sorted(insert.scopes));
    expect(sorted(METHOD_SCOPES['youtube.videos.list'])).toEqual(sorted(method('videos', 'list').scopes));
    expect(sorted(METHOD_SCOPES['youtube.channels.list'])).toEqual(sorted(method('channels', 'list').scopes));
    expect(sorted(METHOD_SCOPES['youtube.commentThreads.insert'])).toEqual(
      sorted(method('commentThreads', 'insert').scopes),
    );
    expect(sorted(METHOD_SCOPES['youtube.commentThreads.list'])).toEqual(
      sorted(method('commentThreads', 'list').scopes),
    );
    for (const scope of [...Object.keys(doc.auth.oauth2.scopes), ...Object.keys(analytics.auth.oauth2.scopes)])
      expect(KNOWN_SCOPES).toContain(scope);
  });

  it('needs part where the document requires it', () => {
    expect(insert.parameters.part).toMatchObject({ required: true, repeated: true });
    expect(method('videos', 'list').parameters.part).toMatchObject({ required: true });
  });
});

describe('YouTube emulator against youtube.v3.json: the answers', () => {
  let t: TestYoutube;
  let time: Clock;
  let token: string;
  beforeAll(async () => {
    time = clock();
    t = await startYoutube({ now: time.now });
    token = (await connect(t)).accessToken;
  });
  afterAll(() => t.stop());

  const valid = (schema: string, value: unknown) => expect(checkSchema(doc, { $ref: schema }, value)).toEqual([]);
  const allParts = VIDEO.parts.join(',');

  it('answers videos.insert (every form) with a valid Video', async () => {
    const { body, contentType } = related(metadata(), videoBytes(1000));
    const multipart = await fetch(t.api(`/upload/youtube/v3/videos?uploadType=multipart&part=${allParts}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    valid('Video', await multipart.json());
    const media = await fetch(
      t.api('/upload/youtube/v3/videos?uploadType=media&part=snippet,status,processingDetails'),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm' },
        body: videoBytes(500),
      },
    );
    valid('Video', await media.json());
    const session = (await openSession(t, token, metadata())).headers.get('location')!;
    valid('Video', await (await put(session, videoBytes(300), 'bytes 0-299/300')).json());
  });

  it('answers commentThreads.insert and .list with valid resources, the list newest first and paged by maxResults', async () => {
    const made = await fetch(t.api('/upload/youtube/v3/videos?uploadType=media&part=id'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      body: videoBytes(100),
    });
    const videoId = ((await made.json()) as { id: string }).id;
    // commentThreads takes youtube.force-ssl only.
    const commenter = (await connect(t, { scope: `${G}youtube.force-ssl` })).accessToken;
    for (const text of ['First', 'Second']) {
      const res = await fetch(t.api('/youtube/v3/commentThreads?part=snippet'), {
        method: 'POST',
        headers: { authorization: `Bearer ${commenter}`, 'content-type': 'application/json' },
        body: JSON.stringify({ snippet: { videoId, topLevelComment: { snippet: { textOriginal: text } } } }),
      });
      valid('CommentThread', await res.json());
    }
    const list = (q: string) =>
      getJson(t.api(`/youtube/v3/commentThreads?part=snippet&videoId=${videoId}${q}`), commenter);
    const first = await list('&maxResults=1');
    valid('CommentThreadListResponse', first.body);
    const text = (r: typeof first) => r.body.items.map((i: any) => i.snippet.topLevelComment.snippet.textOriginal); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(text(first)).toEqual(['Second']);
    const second = await list(`&maxResults=1&pageToken=${first.body.nextPageToken}`);
    expect(text(second)).toEqual(['First']);
    expect(second.body.nextPageToken).toBeUndefined();
    expect((await list('&maxResults=101')).status).toBe(400);
    const missing = await getJson(t.api('/youtube/v3/commentThreads?part=snippet&videoId=nothere'), commenter);
    expect(missing.status).toBe(404);
    expect((await list('')).status).toBe(200);
    expect((await getJson(t.api(`/youtube/v3/commentThreads?part=snippet&videoId=${videoId}`), token)).status).toBe(
      403,
    );
  });

  it('answers videos.list in every state with a valid VideoListResponse, and each state is of the enums', async () => {
    const ids: string[] = [];
    const kinds = [undefined, 'processing_failed', 'duplicate'];
    for (const kind of kinds) {
      if (kind)
        await fetch(`${t.emu.url}/_control/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ platform: 'youtube', kind }),
        });
      const res = await fetch(t.api('/upload/youtube/v3/videos?uploadType=media&part=id'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
        body: videoBytes(100),
      });
      ids.push(((await res.json()) as { id: string }).id);
      if (kind === 'processing_failed') {
        time.advance(PROCESSING_MS);
        await getJson(t.api(`/youtube/v3/videos?part=status&id=${ids.at(-1)}`), token);
      }
    }
    const before = await getJson(t.api(`/youtube/v3/videos?part=${allParts}&id=${ids.join(',')}`), token);
    valid('VideoListResponse', before.body);
    time.advance(PROCESSING_MS);
    const after = await getJson(t.api(`/youtube/v3/videos?part=${allParts}&id=${ids.join(',')}`), token);
    valid('VideoListResponse', after.body);
    const states = (after.body.items as { status: { uploadStatus: string } }[]).map((v) => v.status.uploadStatus);
    expect(sorted(states)).toEqual(['failed', 'processed', 'rejected']);
  });

  it('answers channels.list with a valid ChannelListResponse', async () => {
    const res = await getJson(t.api(`/youtube/v3/channels?part=${CHANNEL_PARTS.join(',')}&mine=true`), token);
    expect(res.status).toBe(200);
    valid('ChannelListResponse', res.body);
  });

  it('refuses a session that breaks the schema: a privacyStatus outside the enum', async () => {
    for (const privacyStatus of doc.schemas.VideoStatus!.properties!.privacyStatus!.enum!)
      expect((await openSession(t, token, metadata('ok', { status: { privacyStatus } }))).status).toBe(200);
    expect((await openSession(t, token, metadata('ok', { status: { privacyStatus: 'friends' } }))).status).toBe(400);
  });
});
