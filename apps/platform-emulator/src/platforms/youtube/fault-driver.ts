// YouTube for the fault table test: Google OAuth, a resumable videos.insert and videos.list (reference §4).
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { decideRedirect } from '../../core/test-support';
import { at, postForm, request, someVideo, type Answer, type FaultDriver, type FaultEmu } from '../fault-driver';

const API = 'www.googleapis.com';
const G = 'https://www.googleapis.com/auth/';
const REDIRECT = 'http://127.0.0.1:9/callback';

const get = (emu: FaultEmu, token: string, path: string) =>
  request(at(emu, API, path), { headers: { authorization: `Bearer ${token}` } });

const uploadStatus = async (emu: FaultEmu, token: string, id: string) =>
  (await get(emu, token, `/youtube/v3/videos?part=status&id=${id}`)).body.items[0].status as {
    uploadStatus: string;
    rejectionReason?: string;
  };

const reasonOf = (a: Answer) => a.body?.error?.errors?.[0]?.reason as string | undefined;

export const youtubeDriver: FaultDriver<string, string> = {
  platform: 'youtube',
  probeStep: 'channels',
  otherStep: 'upload',
  processingStep: 'status',
  async connect(emu) {
    const q = new URLSearchParams({
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${G}youtube.upload ${G}youtube.readonly`,
      access_type: 'offline',
      state: 'st',
    });
    const back = await decideRedirect(at(emu, 'accounts.google.com', `/o/oauth2/v2/auth?${q}`), 'approve');
    const answer = await postForm(at(emu, 'oauth2.googleapis.com', '/token'), {
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
    });
    return answer.access_token as string;
  },
  probe: (emu, token) => get(emu, token, '/youtube/v3/channels?part=snippet&mine=true'),
  meaning(a) {
    if (a.status < 300) return 'ok';
    const reason = reasonOf(a);
    if (reason === 'quotaExceeded') return 'rate_limit';
    if (a.status >= 500) return 'server_error';
    if (a.status === 401) return 'token_expired';
    if (reason === 'badRequest') return 'reject';
    return 'other';
  },
  message: (a) => a.body?.error?.message,
  // The quota resets at midnight Pacific time; Google's answer does not say when.
  resetSeconds: () => undefined,
  async upload(emu, token) {
    const bytes = someVideo();
    const session = await request(at(emu, API, '/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(bytes.length),
        'x-upload-content-type': 'video/mp4',
      },
      body: JSON.stringify({ snippet: { title: 'Fault table' }, status: { privacyStatus: 'unlisted' } }),
    });
    const done = await request(session.headers.get('location')!, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: bytes,
    });
    if (done.status !== 201) throw new Error(`upload: ${done.status} ${JSON.stringify(done.body)}`);
    return done.body.id as string;
  },
  async processing(emu, token, id) {
    const { uploadStatus: status } = await uploadStatus(emu, token, id);
    return status === 'processed' ? 'done' : status === 'uploaded' ? 'processing' : 'failed';
  },
  // The upload makes the video; YouTube rejects a duplicate on it (uploadStatus rejected, reason duplicate).
  async create(emu, token) {
    const status = await uploadStatus(emu, token, await youtubeDriver.upload(emu, token));
    return status.rejectionReason === 'duplicate' ? 'duplicate' : status.uploadStatus === 'rejected' ? 'other' : 'ok';
  },
};
