// TikTok for the fault table test: Login Kit, then the Content Posting API's direct post (reference §1).
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { decideRedirect } from '../../core/test-support';
import { at, postForm, request, someVideo, type FaultDriver, type FaultEmu, type Meaning } from '../fault-driver';

const API = 'open.tiktokapis.com';
const REDIRECT = 'http://127.0.0.1:9/callback';

const post = (emu: FaultEmu, token: string, path: string, body: object) =>
  request(at(emu, API, path), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify(body),
  });

const init = (emu: FaultEmu, token: string, size: number) =>
  post(emu, token, '/v2/post/publish/video/init/', {
    post_info: { title: 'Fault table', privacy_level: 'SELF_ONLY' },
    source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: size, total_chunk_count: 1 },
  });

const MEANINGS: Record<string, Meaning> = {
  ok: 'ok',
  rate_limit_exceeded: 'rate_limit',
  internal_error: 'server_error',
  access_token_invalid: 'token_expired',
  invalid_params: 'reject',
  spam_risk_too_many_posts: 'duplicate',
};

export const tiktokDriver: FaultDriver<string, string> = {
  platform: 'tiktok',
  probeStep: 'creator_info',
  otherStep: 'userinfo',
  processingStep: 'status',
  async connect(emu) {
    const q = new URLSearchParams({
      client_key: SANDBOX_CLIENT_ID,
      scope: 'user.info.basic,video.publish,video.upload',
      redirect_uri: REDIRECT,
      state: 'st',
      response_type: 'code',
    });
    const back = await decideRedirect(at(emu, 'www.tiktok.com', `/v2/auth/authorize/?${q}`), 'approve');
    const answer = await postForm(at(emu, API, '/v2/oauth/token/'), {
      client_key: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      code: back.searchParams.get('code')!,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
    });
    return answer.access_token as string;
  },
  probe: (emu, token) => post(emu, token, '/v2/post/publish/creator_info/query/', {}),
  meaning: (a) => MEANINGS[a.body?.error?.code] ?? 'other',
  message: (a) => a.body?.error?.message,
  resetSeconds: (a) => Number(a.headers.get('retry-after')),
  async upload(emu, token) {
    const bytes = someVideo();
    const started = await init(emu, token, bytes.length);
    const put = await fetch(started.body.data.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
      body: bytes,
    });
    if (put.status !== 201) throw new Error(`upload: ${put.status} ${await put.text()}`);
    return started.body.data.publish_id as string;
  },
  async processing(emu, token, publishId) {
    const res = await post(emu, token, '/v2/post/publish/status/fetch/', { publish_id: publishId });
    const status = res.body.data.status as string;
    return status === 'PUBLISH_COMPLETE' ? 'done' : status === 'FAILED' ? 'failed' : 'processing';
  },
  // The init makes the post; TikTok refuses one too many there.
  create: async (emu, token) => tiktokDriver.meaning(await init(emu, token, someVideo().length)),
};
