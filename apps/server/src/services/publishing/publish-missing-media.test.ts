import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { postToX, publisher, settled, uniqueCaption, uploadedVideo, type Publisher } from './publishing-test-support';

describe('a post whose video file is gone from storage', () => {
  let server: TestServer;
  let who: Publisher;
  beforeAll(async () => {
    server = await startTestServer();
    who = await publisher(server);
  });
  afterAll(() => stopTestServer(server));

  it('fails with a plain reason, and the server goes on publishing the others', async () => {
    const gone = await uploadedVideo(server, who, 'Lost file');
    const me = (await who.as.get('/api/auth/me')).body.user as { id: number };
    const row = (await findVideoOfUser(server.ctx.db, gone, me.id))!;
    fs.rmSync(path.join(server.ctx.config.mediaDir, row.filename));

    const lost = await postToX(who, gone, uniqueCaption('Lost file'));
    const failed = await settled(who, lost.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'media_missing', platformCode: null });
    expect(failed.error!.message).toMatch(/no longer in storage/);

    const fine = await uploadedVideo(server, who, 'Still here');
    expect((await settled(who, (await postToX(who, fine, uniqueCaption('Still here'))).id)).status).toBe('published');
  });
});
