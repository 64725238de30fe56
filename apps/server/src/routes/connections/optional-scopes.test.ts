import type { Connection, PlatformKey } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../test/connections';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { getPublishingAccount } from '../../services/connections/publishing-account.service';
import { buildPublishRequest } from '../../services/publishing/publish-request';

/** A grant from before Fanout asked for each optional scope: the platform's authorize page gets the older list. */
const OLDER_GRANTS: {
  platform: PlatformKey;
  scope: string;
  separator: string;
  missing: Connection['missingFeatures'];
}[] = [
  {
    platform: 'tiktok',
    scope: 'user.info.basic,video.publish,video.list',
    separator: ',',
    missing: [{ feature: 'username', scope: 'user.info.profile', label: 'showing your @username' }],
  },
  {
    platform: 'reddit',
    scope: 'identity submit read history',
    separator: ' ',
    missing: [
      { feature: 'flair', scope: 'flair', label: 'choosing a flair' },
      { feature: 'communities', scope: 'mysubreddits', label: 'suggesting your communities' },
    ],
  },
];

const OPTIONS: Record<string, Record<string, unknown>> = {
  tiktok: { privacyLevel: 'SELF_ONLY' },
  reddit: { subreddit: 'videos' },
};

describe('a grant without an optional feature scope', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it.each(OLDER_GRANTS)('$platform: stays connected, names what reconnecting allows, and publishes', async (grant) => {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token);
    const { connection, location } = await connectAccount(server, token, grant.platform, project.id, 'approve', (url) =>
      url.searchParams.set('scope', grant.scope),
    );
    expect(connection, location).toBeDefined();
    expect(connection!.scopes.sort()).toEqual(grant.scope.split(grant.separator).sort());

    const listed = await api(server, token).get(`/api/connections?project_id=${project.id}`);
    const shown = (listed.body.connections as Connection[]).find((c) => c.id === connection!.id)!;
    expect(shown.status).toBe('connected');
    expect(shown.missingFeatures).toEqual(grant.missing);

    const uploaded = await uploadVideo(server, token, {
      file: mediaFixtures().bigVideo,
      projectId: project.id,
      title: 'Harbour',
    });
    const video = (await findVideoOfUser(server.ctx.db, uploaded.body.video.id, user.id))!;
    const { adapter, account } = await getPublishingAccount(server.ctx, connection!.id);
    const request = buildPublishRequest(server.ctx, video, account, {
      title: 'Harbour at dawn, from the pier',
      caption: 'Harbour at dawn',
      tags: [],
      options: OPTIONS[grant.platform] ?? {},
    });
    const result = await runPublishLoop(adapter, request, { maxWaitMs: 100 });
    if (result.stopped) throw new Error('stopped');
    expect(result.post.url).toMatch(/^http/);
  });
});
