import { Readable } from 'node:stream';
import { auth, youtube } from '@googleapis/youtube';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { PROCESSING_MS } from './limits';
import { clock, decide, G, REDIRECT, startYoutube, videoBytes, type Clock, type TestYoutube } from './test-helpers';

// Google's own client (@googleapis/youtube with google-auth-library) against the emulator: nothing changed but
// the addresses. The API root is given per call: the client's global `rootUrl` keeps only the origin of a
// root with a path, and media uploads take their address from the per-call root alone.
let t: TestYoutube;
let time: Clock;
beforeEach(async () => {
  time = clock(Date.now());
  t = await startYoutube({ now: time.now });
});
afterEach(() => t.stop());

function oauthClient() {
  return new auth.OAuth2({
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: SANDBOX_CLIENT_SECRET,
    redirectUri: REDIRECT,
    endpoints: {
      oauth2AuthBaseUrl: t.url('accounts.google.com', '/o/oauth2/v2/auth'),
      oauth2TokenUrl: t.url('oauth2.googleapis.com', '/token'),
      oauth2RevokeUrl: t.url('oauth2.googleapis.com', '/revoke'),
    },
  });
}

async function signedIn() {
  const client = oauthClient();
  const url = client.generateAuthUrl({
    access_type: 'offline',
    scope: [`${G}youtube.upload`, `${G}youtube.readonly`],
    state: 's1',
  });
  const back = await decide(url, 'approve');
  expect(back.searchParams.get('state')).toBe('s1');
  const { tokens } = await client.getToken(back.searchParams.get('code')!);
  expect(tokens.refresh_token).toBeTruthy();
  client.setCredentials(tokens);
  return client;
}

describe('@googleapis/youtube against the emulator', () => {
  it('signs in, uploads with videos.insert and a media body (multipart), and lists the processed video', async () => {
    const client = await signedIn();
    const yt = youtube({ version: 'v3', auth: client });
    const rootUrl = `${t.emu.url}/www.googleapis.com/`;
    const bytes = videoBytes(300_000);
    const inserted = await yt.videos.insert(
      {
        part: ['snippet', 'status'],
        requestBody: {
          snippet: { title: 'From googleapis', description: 'Uploaded by the client library' },
          status: { privacyStatus: 'private' },
        },
        media: { mimeType: 'video/mp4', body: Readable.from(bytes) },
      },
      { rootUrl },
    );
    expect(inserted.status).toBe(200);
    expect(inserted.data.snippet?.title).toBe('From googleapis');
    expect(inserted.data.status?.uploadStatus).toBe('uploaded');

    time.advance(PROCESSING_MS);
    const listed = await yt.videos.list(
      { part: ['status', 'processingDetails', 'statistics'], id: [inserted.data.id!] },
      { rootUrl },
    );
    expect(listed.data.items?.[0]?.status?.uploadStatus).toBe('processed');
    const channels = await yt.channels.list({ part: ['snippet'], mine: true }, { rootUrl });
    expect(channels.data.items?.[0]?.snippet?.title).toBe('Fanout Demo Channel');

    const { items } = (await (await fetch(`${t.emu.url}/_control/published`)).json()) as { items: { bytes: number }[] };
    expect(items[0]!.bytes).toBe(bytes.length);
  });

  it('uploads bytes alone (uploadType=media) on the default youtube.googleapis.com host', async () => {
    const client = await signedIn();
    const yt = youtube({ version: 'v3', auth: client });
    const res = await yt.videos.insert(
      { part: ['snippet'], media: { mimeType: 'video/webm', body: videoBytes(2048) } },
      { rootUrl: `${t.emu.url}/youtube.googleapis.com/` },
    );
    expect(res.data.snippet?.title).toBe('unknown');
  });

  it('refreshes an expired access token through the emulator by itself, and surfaces Google errors', async () => {
    const client = await signedIn();
    const rootUrl = `${t.emu.url}/www.googleapis.com/`;
    time.advance(3600_000);
    // The library judges expiry by its own clock, and refreshes ahead of the call.
    client.setCredentials({ ...client.credentials, expiry_date: Date.now() - 1 });
    const yt = youtube({ version: 'v3', auth: client });
    const channels = await yt.channels.list({ part: ['snippet'], mine: true }, { rootUrl });
    expect(channels.status).toBe(200);

    await expect(yt.videos.list({ part: ['bogus'], id: ['x'] }, { rootUrl })).rejects.toMatchObject({
      status: 400,
      message: "'bogus'",
      response: { data: { error: { errors: [expect.objectContaining({ reason: 'unknownPart' })] } } },
    });
  });
});
