// Facebook for the fault table test: Facebook Login, the Page's token, then a Page Reel (start, rupload, its
// status, finish) or a regular Page video (upload session, transfer, create, its status) (reference §3).
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { decideRedirect } from '../../core/test-support';
import { at, request, someVideo, type FaultDriver, type FaultEmu } from '../fault-driver';
import { GRAPH_VERSION, graphMeaning, graphMessage, graphResetSeconds, processed, rupload } from '../meta/fault-driver';
import { FB_PAGE } from './fb-account';

const REDIRECT = 'http://127.0.0.1:9/api/oauth/facebook/callback';
const PAGE = FB_PAGE.id;

const graph = (emu: FaultEmu, token: string, path: string, body?: Record<string, string>) =>
  request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}${path}`), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

async function reel(emu: FaultEmu, token: string): Promise<string> {
  const started = await graph(emu, token, `/${PAGE}/video_reels`, { upload_phase: 'start' });
  await rupload(started.body.upload_url, token, someVideo());
  return started.body.video_id;
}

export const facebookDriver: FaultDriver<string, string> = {
  platform: 'facebook',
  name: 'facebook (Page Reels)',
  probeStep: 'accounts',
  otherStep: 'reels_start',
  processingStep: 'reels_status',
  async connect(emu) {
    const q = new URLSearchParams({
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: REDIRECT,
      state: 'st',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
      response_type: 'code',
    });
    const back = await decideRedirect(at(emu, 'www.facebook.com', `${GRAPH_VERSION}/dialog/oauth?${q}`), 'approve');
    const exchange = new URLSearchParams({
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      redirect_uri: REDIRECT,
      code: back.searchParams.get('code')!,
    });
    const user = (await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/oauth/access_token?${exchange}`))).body
      .access_token as string;
    const pages = await graph(emu, user, '/me/accounts?fields=id,access_token');
    return pages.body.data[0].access_token as string;
  },
  probe: (emu, token) => graph(emu, token, `/${PAGE}?fields=id,name`),
  meaning: graphMeaning,
  message: graphMessage,
  resetSeconds: graphResetSeconds,
  upload: reel,
  async processing(emu, token, id) {
    const status = (await graph(emu, token, `/${id}?fields=status`)).body.status.video_status as string;
    return status === 'ready' ? 'done' : status === 'error' ? 'failed' : 'processing';
  },
  // The finish publishes the reel, once processed.
  async create(emu, token) {
    const id = await reel(emu, token);
    await processed(() => facebookDriver.processing(emu, token, id));
    return graphMeaning(
      await graph(emu, token, `/${PAGE}/video_reels`, {
        upload_phase: 'finish',
        video_id: id,
        video_state: 'PUBLISHED',
      }),
    );
  },
};

/** A regular Page video, uploaded through the Resumable Upload API: the create starts its processing. */
async function pageVideo(emu: FaultEmu, token: string) {
  const bytes = someVideo();
  const q = new URLSearchParams({ file_name: 'clip.mp4', file_length: String(bytes.length), file_type: 'video/mp4' });
  const session = await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/${SANDBOX_CLIENT_ID}/uploads?${q}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const sent = await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/${session.body.id}`), {
    method: 'POST',
    headers: { authorization: `OAuth ${token}`, file_offset: '0' },
    body: bytes,
  });
  return graph(emu, token, `/${PAGE}/videos`, { title: 'Fault table', fbuploader_video_file_chunk: sent.body.h });
}

export const facebookVideoDriver: FaultDriver<string, string> = {
  ...facebookDriver,
  name: 'facebook (Page videos)',
  otherStep: 'upload_start',
  processingStep: 'create',
  upload: async (emu, token) => (await pageVideo(emu, token)).body.id,
  create: async (emu, token) => graphMeaning(await pageVideo(emu, token)),
};
