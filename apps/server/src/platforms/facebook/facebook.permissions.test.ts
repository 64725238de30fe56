import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/adapter-conformance';
import {
  decideOnAuthorizePage,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { connectThrough, publishRequest } from '../meta/meta.test-support';
import { FacebookAdapter } from './facebook.adapter';

// Against the emulator's rules for each call (its facebook/fb-calls.ts, from the documents): a Page video with
// the Page token alone, or without publish_video, is refused there; the adapter must use the right token and
// name what is missing, so that a reconnect asks for it.
let emu: TestEmulator;
const facebook = () => new FacebookAdapter(sandboxAdapterOptions(emu, {}, 'facebook'));
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());

const video = mediaFixtures().video;
const graph = (path: string) => `${emu.url}/graph.facebook.com/v23.0${path}`;

describe('Facebook permissions', () => {
  it('a Page video goes up with the user token and out with the Page token, publish_video granted', async () => {
    const { account, kept } = await connectThrough(facebook());
    expect(kept.scopes).toContain('publish_video');
    const result = await runPublishLoop(facebook(), publishRequest(account, video, { caption: 'tokens' }));
    expect(result.stopped).toBe(false);
  });

  it('without publish_video the create is refused; the error names it and a reconnect asks for it again', async () => {
    const { account } = await connectThrough(facebook());
    // The person removes the permission on Facebook (Settings → Business integrations), as the API does it.
    const removed = await fetch(graph('/me/permissions/publish_video'), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${account.refreshToken}` },
    });
    expect(removed.status).toBe(200);

    // What a grant holds is read back from Facebook, not assumed from what was asked: a dialog that does not
    // re-ask leaves the removed permission out, and the exchanged grant says so.
    const redirect = 'http://127.0.0.1:3000/api/oauth/facebook/callback';
    const plain = new URL(facebook().authorizeUrl({ state: 's', redirectUri: redirect }));
    plain.searchParams.delete('auth_type');
    const back = await decideOnAuthorizePage(plain.toString(), 'approve');
    const granted = await facebook().exchangeCode({ code: back.searchParams.get('code')!, redirectUri: redirect });
    expect(granted.scopes).not.toContain('publish_video');
    expect(granted.scopes).toContain('pages_manage_posts');

    const err = await failure(runPublishLoop(facebook(), publishRequest(account, video, { caption: 'no perm' })));
    expect(err.kind).toBe('disconnected');
    expect(err.step).toBe('create');
    expect(err.missingPermissions).toEqual(['publish_video']);

    // Connecting again: the dialog asks for publish_video again (auth_type=rerequest), and the Page video goes out.
    const url = facebook().authorizeUrl({
      state: 's',
      redirectUri: 'http://127.0.0.1:3000/api/oauth/facebook/callback',
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain('<li><code>publish_video</code></li>');
    const again = await connectThrough(facebook());
    const result = await runPublishLoop(facebook(), publishRequest(again.account, video, { caption: 'allowed' }));
    expect(result.stopped).toBe(false);
  });

  it('a connection kept without its user token is told to reconnect, not sent with the Page token', async () => {
    const { account } = await connectThrough(facebook());
    const err = await failure(
      runPublishLoop(facebook(), publishRequest({ ...account, refreshToken: undefined }, video, { caption: 'old' })),
    );
    expect(err.kind).toBe('disconnected');
    expect(err.platformMessage).toMatch(/Reconnect Facebook/);
  });
});
