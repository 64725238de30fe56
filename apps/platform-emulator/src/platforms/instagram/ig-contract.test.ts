import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamTable } from '../meta/graph-params';
import { metaSpec, startMeta, type TestMeta } from '../meta/meta-test-support';
import { instagram } from '.';
import {
  CONTAINER_FIELDS,
  INSIGHTS_PARAMS,
  MEDIA_FIELDS,
  MEDIA_PARAMS,
  MEDIA_PUBLISH_PARAMS,
  USER_FIELDS,
} from './ig-params';
import { COMMENT_PARAMS } from './ig-comments';
import { bearer, graph, longToken } from './ig-test-support';

/** The params of one edge of a codegen spec, as `name → type`. */
function specParams(file: string, method: string, endpoint: string): Record<string, string> {
  const api = metaSpec(file).apis.find((a) => a.method === method && a.endpoint === endpoint);
  if (!api) throw new Error(`${file} has no ${method} ${endpoint}`);
  return Object.fromEntries((api.params ?? []).map((p) => [p.name, p.type]));
}
const tableTypes = (t: ParamTable) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.type]));
const specFields = (file: string) =>
  metaSpec(file)
    .fields.map((f) => f.name)
    .sort();

describe('Instagram against the Meta codegen specs (shared/contracts/meta)', () => {
  it('POST /<ig-user-id>/media takes exactly the params the specs list, with their types', () => {
    expect(tableTypes(MEDIA_PARAMS)).toEqual(specParams('IGUserForIGOnlyAPI.json', 'POST', 'media'));
    expect(tableTypes(MEDIA_PARAMS)).toEqual(specParams('IGUser.json', 'POST', 'media'));
  });

  it('POST /<ig-user-id>/media_publish takes creation_id only', () => {
    expect(tableTypes(MEDIA_PUBLISH_PARAMS)).toEqual(specParams('IGUser.json', 'POST', 'media_publish'));
    expect(tableTypes(MEDIA_PUBLISH_PARAMS)).toEqual(specParams('IGUserForIGOnlyAPI.json', 'POST', 'mediapublish'));
  });

  it('media insights take the params of IGMedia.json, the metric enum typed as the spec names it', () => {
    expect(tableTypes(INSIGHTS_PARAMS)).toEqual(specParams('IGMedia.json', 'GET', 'insights'));
  });

  it('POST /<ig-media-id>/comments takes the params of IGMedia.json', () => {
    expect(tableTypes(COMMENT_PARAMS)).toEqual(specParams('IGMedia.json', 'POST', 'comments'));
  });

  it('node fields are those of the specs', () => {
    expect([...USER_FIELDS].sort()).toEqual(specFields('IGUserForIGOnlyAPI.json'));
    expect([...MEDIA_FIELDS].sort()).toEqual(specFields('IGMedia.json'));
    expect([...CONTAINER_FIELDS].sort()).toEqual(specFields('ShadowIGMediaBuilder.json'));
  });
});

describe('Instagram checks what it receives', () => {
  let t: TestMeta;
  let token: string;
  beforeAll(async () => {
    t = await startMeta([instagram]);
    token = await longToken(t);
  });
  afterAll(() => t.stop());

  const sample: Record<string, string> = {
    string: 'x',
    bool: 'true',
    'unsigned int': '1',
    map: '{"a":1}',
    'list<string>': '["1"]',
    'list<map>': '[{"username":"someone","x":0.5,"y":0.5}]',
  };
  const create = (params: Record<string, string>) =>
    t.call('POST', graph(t, `/me/media?${new URLSearchParams(params)}`), { headers: bearer(token) });

  it('never refuses a param the spec lists as unknown, and refuses one it does not list', async () => {
    const base = { media_type: 'REELS', upload_type: 'resumable' };
    for (const [name, type] of Object.entries(specParams('IGUserForIGOnlyAPI.json', 'POST', 'media'))) {
      if (name in base) continue;
      const res = await create({ ...base, [name]: sample[type]! });
      expect(res.text, name).not.toMatch(/is not a valid parameter/);
    }
    const stranger = await create({ ...base, privacy_level: 'PUBLIC' });
    expect(stranger.body.error).toMatchObject({
      code: 100,
      message: '(#100) Param privacy_level is not a valid parameter',
    });
  });

  it('media_type takes each documented value; media_publish refuses anything but creation_id', async () => {
    for (const mediaType of MEDIA_PARAMS.media_type!.values!)
      expect((await create({ media_type: mediaType, upload_type: 'resumable' })).status, mediaType).toBe(200);
    const res = await t.call('POST', graph(t, '/me/media_publish?creation_id=1&caption=x'), { headers: bearer(token) });
    expect(res.body.error.message).toBe('(#100) Param caption is not a valid parameter');
    const notId = await t.call('POST', graph(t, '/me/media_publish?creation_id=abc'), { headers: bearer(token) });
    expect(notId.body.error.code).toBe(100);
  });
});
