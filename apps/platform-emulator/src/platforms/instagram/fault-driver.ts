// Instagram for the fault table test: Instagram Login, a Reels container with a resumable upload, its status
// and media_publish (reference §2).
import { sandboxApp } from '../../core/oauth';
import { decideRedirect } from '../../core/test-support';
import { at, postForm, request, someVideo, type FaultDriver, type FaultEmu } from '../fault-driver';
import { GRAPH_VERSION, graphMeaning, graphMessage, graphResetSeconds, processed, rupload } from '../meta/fault-driver';
import { IG_ACCOUNT } from './ig-account';

const REDIRECT = 'http://127.0.0.1:9/api/oauth/instagram/callback';
const USER = IG_ACCOUNT.userId;
/** The Instagram app's own id and secret (Business Login for Instagram), not the Meta app's. */
const APP = sandboxApp('instagram');

const graph = (emu: FaultEmu, token: string, path: string, form?: Record<string, string>) =>
  request(at(emu, 'graph.instagram.com', `${GRAPH_VERSION}${path}`), {
    method: form ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}` },
    body: form ? new URLSearchParams(form) : undefined,
  });

async function container(emu: FaultEmu, token: string): Promise<string> {
  const made = await graph(emu, token, `/${USER}/media`, {
    media_type: 'REELS',
    upload_type: 'resumable',
    caption: 'Fault table',
  });
  await rupload(made.body.uri, token, someVideo());
  return made.body.id;
}

export const instagramDriver: FaultDriver<string, string> = {
  platform: 'instagram',
  probeStep: 'me',
  otherStep: 'container',
  processingStep: 'status',
  async connect(emu) {
    const q = new URLSearchParams({
      client_id: APP.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish',
      state: 'st',
    });
    const back = await decideRedirect(at(emu, 'api.instagram.com', `/oauth/authorize?${q}`), 'approve');
    const short = await postForm(at(emu, 'api.instagram.com', '/oauth/access_token'), {
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code: back.searchParams.get('code')!,
    });
    const long = new URLSearchParams({
      grant_type: 'ig_exchange_token',
      client_secret: APP.clientSecret,
      access_token: short.access_token,
    });
    return (await request(at(emu, 'graph.instagram.com', `/access_token?${long}`))).body.access_token as string;
  },
  probe: (emu, token) => graph(emu, token, '/me?fields=id,username'),
  meaning: graphMeaning,
  message: graphMessage,
  resetSeconds: graphResetSeconds,
  upload: container,
  async processing(emu, token, id) {
    const code = (await graph(emu, token, `/${id}?fields=status_code`)).body.status_code as string;
    return code === 'FINISHED' ? 'done' : code === 'ERROR' ? 'failed' : 'processing';
  },
  // media_publish makes the post, from a finished container.
  async create(emu, token) {
    const id = await container(emu, token);
    await processed(() => instagramDriver.processing(emu, token, id));
    return graphMeaning(await graph(emu, token, `/${USER}/media_publish`, { creation_id: id }));
  },
};
