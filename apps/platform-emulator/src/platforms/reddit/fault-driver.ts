// Reddit for the fault table test: OAuth, the media lease and its bucket, /api/submit and its websocket
// (reference §6, as PRAW does it).
import { WebSocket } from 'ws';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { pressDecision, SANDBOX_BASIC } from '../../core/test-support';
import { at, postForm, request, someVideo, type Answer, type FaultDriver, type FaultEmu } from '../fault-driver';
import { REDDITOR } from './accounts';

const UA = 'web:fanout-tests:0.1.0 (by /u/fanout-tests)';
const REDIRECT = 'http://127.0.0.1:9/callback';

const api = (emu: FaultEmu, token: string, path: string, form?: Record<string, string>) =>
  request(at(emu, 'oauth.reddit.com', path), {
    method: form ? 'POST' : 'GET',
    headers: { authorization: `bearer ${token}`, 'user-agent': UA },
    body: form ? new URLSearchParams(form) : undefined,
  });

/** An asset leased and its bytes posted to the bucket: its media URL. */
async function uploaded(emu: FaultEmu, token: string, filepath: string, mimetype: string, bytes: Buffer) {
  const lease = await api(emu, token, '/api/media/asset.json', { filepath, mimetype });
  const form = new FormData();
  for (const f of lease.body.args.fields as { name: string; value: string }[]) form.append(f.name, f.value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mimetype }), filepath);
  const res = await fetch(lease.body.args.action, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`bucket: ${res.status} ${await res.text()}`);
  const key = (lease.body.args.fields as { name: string; value: string }[]).find((f) => f.name === 'key')!.value;
  return `${lease.body.args.action}/${key}`;
}

/** A video and its poster uploaded, then submitted: the submit's answer. */
async function submitted(emu: FaultEmu, token: string): Promise<Answer> {
  const url = await uploaded(emu, token, 'clip.mp4', 'video/mp4', someVideo());
  const poster = await uploaded(emu, token, 'clip.jpg', 'image/jpeg', someVideo(2000));
  return api(emu, token, '/api/submit', {
    sr: `u_${REDDITOR.name}`,
    title: 'Fault table',
    kind: 'video',
    url,
    video_poster_url: poster,
    api_type: 'json',
  });
}

/**
 * The websocket sends its one message as soon as it connects when processing is over. A ping sent once it is
 * open comes back after that message when there is one: a pong first means still processing.
 */
function firstWord(url: string): Promise<'processing' | 'success' | 'failed'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const done = (word: 'processing' | 'success' | 'failed') => {
      ws.close();
      resolve(word);
    };
    ws.once('open', () => ws.ping());
    ws.once('pong', () => done('processing'));
    ws.once('message', (data) => done(JSON.parse(String(data)).type));
    ws.once('error', reject);
  });
}

export const redditDriver: FaultDriver<string, string> = {
  platform: 'reddit',
  probeStep: 'me',
  otherStep: 'asset',
  processingStep: 'submit',
  async connect(emu) {
    const q = new URLSearchParams({
      client_id: SANDBOX_CLIENT_ID,
      response_type: 'code',
      state: 'st',
      redirect_uri: REDIRECT,
      duration: 'permanent',
      scope: 'identity submit read',
    });
    const back = await pressDecision(at(emu, 'www.reddit.com', `/api/v1/authorize?${q}`), 'approve');
    const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
    const answer = await postForm(
      at(emu, 'www.reddit.com', '/api/v1/access_token'),
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: SANDBOX_BASIC, 'user-agent': UA },
    );
    return answer.access_token as string;
  },
  probe: (emu, token) => api(emu, token, '/api/v1/me'),
  meaning(a) {
    if (a.status === 429) return 'rate_limit';
    if (a.status >= 500) return 'server_error';
    if (a.status === 401) return 'token_expired';
    const errors = a.body?.json?.errors as [string, string, string][] | undefined;
    if (a.status !== 200) return 'other';
    if (!errors?.length) return 'ok';
    return errors[0]![0] === 'ALREADY_SUB' ? 'duplicate' : 'reject';
  },
  message: (a) => a.body?.json?.errors?.[0]?.[1],
  resetSeconds: (a) => Number(a.headers.get('x-ratelimit-reset')),
  // Processing starts with the submission: its websocket tells how it ends.
  upload: async (emu, token) => (await submitted(emu, token)).body.json.data.websocket_url as string,
  async processing(_emu, _token, websocketUrl) {
    const word = await firstWord(websocketUrl);
    return word === 'success' ? 'done' : word;
  },
  create: async (emu, token) => redditDriver.meaning(await submitted(emu, token)),
};
