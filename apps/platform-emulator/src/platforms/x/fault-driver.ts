// X for the fault table test: OAuth 2.0 with PKCE, the media upload commands and POST /2/tweets (reference §5).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { decideRedirect, SANDBOX_BASIC } from '../../core/test-support';
import { at, postForm, request, secondsUntil, someVideo, type FaultDriver, type FaultEmu } from '../fault-driver';
import { DUPLICATE } from './problems';

const API = 'api.x.com';
const REDIRECT = 'http://127.0.0.1:9/x/callback';

const call = (emu: FaultEmu, token: string, path: string, init: RequestInit = {}) =>
  request(at(emu, API, path), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

const postJson = (emu: FaultEmu, token: string, path: string, body: object) =>
  call(emu, token, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const xDriver: FaultDriver<string, string> = {
  platform: 'x',
  probeStep: 'me',
  otherStep: 'create',
  processingStep: 'status',
  async connect(emu) {
    const verifier = randomBytes(32).toString('base64url');
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: 'tweet.read tweet.write users.read media.write offline.access',
      state: 'st',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const back = await decideRedirect(at(emu, 'x.com', `/i/oauth2/authorize?${q}`), 'approve');
    const answer = await postForm(
      at(emu, API, '/2/oauth2/token'),
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      },
      { authorization: SANDBOX_BASIC },
    );
    return answer.access_token as string;
  },
  probe: (emu, token) => call(emu, token, '/2/users/me'),
  meaning(a) {
    if (a.status < 300) return 'ok';
    if (a.status === 429) return 'rate_limit';
    if (a.status >= 500) return 'server_error';
    if (a.status === 401) return 'token_expired';
    if (a.status === 403) return a.body?.detail === DUPLICATE ? 'duplicate' : 'reject';
    return 'other';
  },
  message: (a) => a.body?.detail,
  resetSeconds: (a, now) => secondsUntil(a.headers.get('x-rate-limit-reset'), now),
  async upload(emu, token) {
    const bytes = someVideo();
    const init = await postJson(emu, token, '/2/media/upload/initialize', {
      media_type: 'video/mp4',
      total_bytes: bytes.length,
      media_category: 'tweet_video',
    });
    const id = init.body.data.id as string;
    const form = new FormData();
    form.set('segment_index', '0');
    form.set('media', new Blob([new Uint8Array(bytes)]), 'blob');
    const append = await call(emu, token, `/2/media/upload/${id}/append`, { method: 'POST', body: form });
    if (append.status !== 200) throw new Error(`append: ${append.status} ${JSON.stringify(append.body)}`);
    await call(emu, token, `/2/media/upload/${id}/finalize`, { method: 'POST' });
    return id;
  },
  async processing(emu, token, id) {
    const res = await call(emu, token, `/2/media/upload?command=STATUS&media_id=${id}`);
    const state = res.body.data.processing_info.state as string;
    return state === 'succeeded' ? 'done' : state === 'failed' ? 'failed' : 'processing';
  },
  create: async (emu, token) =>
    xDriver.meaning(await postJson(emu, token, '/2/tweets', { text: `Fault table ${randomUUID()}` })),
};
