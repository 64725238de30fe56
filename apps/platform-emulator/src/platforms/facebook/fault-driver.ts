// Facebook for the fault table test: Facebook Login, the Page's token, then a Page Reel (start, rupload, its
// status, finish) or a regular Page video (upload session with the user token, transfer, create with the Page
// token, its status) (reference §3).
import { sandboxApp } from '../../core/oauth';
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

const APP = sandboxApp('facebook');

/** The person's user token (the upload session takes it) and the Page's (everything on the Page). */
export interface FbTokens {
  user: string;
  page: string;
}

async function reel(emu: FaultEmu, { page: token }: FbTokens): Promise<string> {
  const started = await graph(emu, token, `/${PAGE}/video_reels`, { upload_phase: 'start' });
  await rupload(started.body.upload_url, token, someVideo());
  return started.body.video_id;
}

export const facebookDriver: FaultDriver<FbTokens, string> = {
  platform: 'facebook',
  name: 'facebook (Page Reels)',
  probeStep: 'accounts',
  otherStep: 'reels_start',
  processingStep: 'reels_status',
  async connect(emu) {
    const q = new URLSearchParams({
      client_id: APP.clientId,
      redirect_uri: REDIRECT,
      state: 'st',
      scope: 'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video',
      response_type: 'code',
    });
    const back = await decideRedirect(at(emu, 'www.facebook.com', `${GRAPH_VERSION}/dialog/oauth?${q}`), 'approve');
    const exchange = new URLSearchParams({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      redirect_uri: REDIRECT,
      code: back.searchParams.get('code')!,
    });
    const user = (await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/oauth/access_token?${exchange}`))).body
      .access_token as string;
    const pages = await graph(emu, user, '/me/accounts?fields=id,access_token');
    return { user, page: pages.body.data[0].access_token as string };
  },
  probe: (emu, tokens) => graph(emu, tokens.page, `/${PAGE}?fields=id,name`),
  meaning: graphMeaning,
  message: graphMessage,
  resetSeconds: graphResetSeconds,
  upload: reel,
  async processing(emu, tokens, id) {
    const status = (await graph(emu, tokens.page, `/${id}?fields=status`)).body.status.video_status as string;
    return status === 'ready' ? 'done' : status === 'error' ? 'failed' : 'processing';
  },
  // The finish publishes the reel, once processed.
  async create(emu, tokens) {
    const id = await reel(emu, tokens);
    await processed(() => facebookDriver.processing(emu, tokens, id));
    return graphMeaning(
      await graph(emu, tokens.page, `/${PAGE}/video_reels`, {
        upload_phase: 'finish',
        video_id: id,
        video_state: 'PUBLISHED',
      }),
    );
  },
};

/** A regular Page video, uploaded through the Resumable Upload API: the create starts its processing. */
async function pageVideo(emu: FaultEmu, { user, page }: FbTokens) {
  const bytes = someVideo();
  const q = new URLSearchParams({ file_name: 'clip.mp4', file_length: String(bytes.length), file_type: 'video/mp4' });
  const session = await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/${APP.clientId}/uploads?${q}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${user}` },
  });
  const sent = await request(at(emu, 'graph.facebook.com', `${GRAPH_VERSION}/${session.body.id}`), {
    method: 'POST',
    headers: { authorization: `OAuth ${user}`, file_offset: '0' },
    body: bytes,
  });
  return graph(emu, page, `/${PAGE}/videos`, { title: 'Fault table', fbuploader_video_file_chunk: sent.body.h });
}

export const facebookVideoDriver: FaultDriver<FbTokens, string> = {
  ...facebookDriver,
  name: 'facebook (Page videos)',
  otherStep: 'upload_start',
  processingStep: 'create',
  upload: async (emu, tokens) => (await pageVideo(emu, tokens)).body.id,
  create: async (emu, tokens) => graphMeaning(await pageVideo(emu, tokens)),
};
