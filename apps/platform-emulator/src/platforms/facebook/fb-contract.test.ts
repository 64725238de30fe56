import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamTable } from '../meta/graph-params';
import { metaSpec, startMeta, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { PAGE_VIDEOS_PARAMS, VIDEO_FIELDS, VIDEO_INSIGHTS_PARAMS, VIDEO_REELS_PARAMS } from './fb-params';
import { VIDEO_COMMENT_PARAMS } from './fb-comments';
import { PAGE_FIELDS } from './fb-page-fields';
import { APP, bearer, graph, longUserToken, PAGE, pageToken } from './fb-test-support';

function specParams(file: string, method: string, endpoint: string): Record<string, string> {
  const api = metaSpec(file).apis.find((a) => a.method === method && a.endpoint === endpoint);
  if (!api) throw new Error(`${file} has no ${method} ${endpoint}`);
  return Object.fromEntries((api.params ?? []).map((p) => [p.name, p.type]));
}
const tableTypes = (t: ParamTable) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.type]));

describe('Facebook against the Meta codegen specs (shared/contracts/meta)', () => {
  it('POST /<page-id>/videos and /video_reels take exactly the params of Page.json, with their types', () => {
    expect(tableTypes(PAGE_VIDEOS_PARAMS)).toEqual(specParams('Page.json', 'POST', 'videos'));
    expect(tableTypes(VIDEO_REELS_PARAMS)).toEqual(specParams('Page.json', 'POST', 'video_reels'));
  });

  it('POST /<video-id>/comments takes the params of AdVideo.json, with their types', () => {
    expect(tableTypes(VIDEO_COMMENT_PARAMS)).toEqual(specParams('AdVideo.json', 'POST', 'comments'));
  });

  it('video_insights takes the params of AdVideo.json; video and Page fields are the specs’', () => {
    expect(tableTypes(VIDEO_INSIGHTS_PARAMS)).toEqual(specParams('AdVideo.json', 'GET', 'video_insights'));
    expect([...VIDEO_FIELDS].sort()).toEqual(
      metaSpec('AdVideo.json')
        .fields.map((f) => f.name)
        .sort(),
    );
    expect([...PAGE_FIELDS].sort()).toEqual(
      metaSpec('Page.json')
        .fields.map((f) => f.name)
        .sort(),
    );
  });

  it('checks values of every enum param whose values it knows, and only params typed as enums in the spec', () => {
    const spec = { ...specParams('Page.json', 'POST', 'videos') };
    for (const [name, p] of Object.entries(PAGE_VIDEOS_PARAMS))
      if (p.values) expect(spec[name], name).toMatch(/_enum_param$/);
    expect(VIDEO_REELS_PARAMS.upload_phase!.values).toEqual(['FINISH', 'START']);
    expect(VIDEO_REELS_PARAMS.video_state!.values).toEqual(['DRAFT', 'PUBLISHED', 'SCHEDULED']);
  });
});

describe('Facebook checks what it receives', () => {
  let t: TestMeta;
  let user: string;
  let page: string;
  beforeAll(async () => {
    t = await startMeta([facebook]);
    user = await longUserToken(t);
    page = await pageToken(t, user);
  });
  afterAll(() => t.stop());

  const post = (edge: string, fields: Record<string, string>) =>
    t.call('POST', graph(t, `/${PAGE}/${edge}`), {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(page) },
      body: new URLSearchParams(fields).toString(),
    });
  const sample = (type: string, values?: readonly string[]) =>
    values?.[0] ??
    { bool: 'true', 'unsigned int': '1', int: '1', float: '1.5', map: '{"a":1}', datetime: '1900000000' }[type] ??
    'x';

  it('never refuses a param Page.json lists for /videos or /video_reels, and refuses one it does not list', async () => {
    for (const [name, spec] of Object.entries(PAGE_VIDEOS_PARAMS)) {
      const res = await post('videos', { [name]: sample(spec.type, spec.values) });
      expect(res.text, name).not.toMatch(/is not a valid parameter/);
    }
    for (const [name, spec] of Object.entries(VIDEO_REELS_PARAMS)) {
      const res = await post('video_reels', { upload_phase: 'start', [name]: sample(spec.type, spec.values) });
      expect(res.text, name).not.toMatch(/is not a valid parameter/);
    }
    expect((await post('videos', { caption: 'x' })).body.error.message).toBe(
      '(#100) Param caption is not a valid parameter',
    );
    expect((await post('video_reels', { upload_phase: 'start', privacy: 'x' })).body.error.code).toBe(100);
  });

  it('upload_phase and video_state are enums: either case for upload_phase, as documented; others refused', async () => {
    expect((await post('video_reels', { upload_phase: 'start' })).status).toBe(200);
    expect((await post('video_reels', { upload_phase: 'START' })).status).toBe(200);
    expect((await post('video_reels', { upload_phase: 'transfer' })).body.error.message).toBe(
      '(#100) Param upload_phase must be one of {FINISH, START} - got "transfer"',
    );
    const bad = await post('video_reels', { upload_phase: 'finish', video_id: '1', video_state: 'LIVE' });
    expect(bad.body.error.message).toMatch(/video_state must be one of \{DRAFT, PUBLISHED, SCHEDULED\}/);
    expect((await post('video_reels', {})).body.error.message).toBe('(#100) The parameter upload_phase is required');
  });

  it('the upload session takes file_name, file_length and file_type (a documented type) only', async () => {
    const start = (q: Record<string, string>) =>
      t.call('POST', graph(t, `/${APP}/uploads?${new URLSearchParams(q)}`), { headers: bearer(user) });
    expect((await start({ file_length: '10', file_type: 'video/mp4', file_name: 'a.mp4' })).status).toBe(200);
    expect((await start({ file_length: '10', file_type: 'video/webm' })).body.error.code).toBe(100);
    expect((await start({ file_length: '10', file_type: 'video/mp4', upload_phase: 'start' })).body.error.message).toBe(
      '(#100) Param upload_phase is not a valid parameter',
    );
    expect((await start({ file_type: 'video/mp4' })).body.error.message).toBe(
      '(#100) The parameter file_length is required',
    );
  });
});
