import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideOnAuthorizePage,
  fileSource,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../test/emulator';
import { mediaFixtures } from '../../test/fixtures';
import { runPublishLoop, testRedirectUri } from '../../test/publish-loop';
import type { AdapterOptions } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import { InstagramAdapter } from './instagram/instagram.adapter';
import type { ConnectedAccount, PlatformAdapter, PublishRequest, TokenSet } from './platform-adapter';
import { PlatformError } from './platform-error';
import { RedditAdapter } from './reddit/reddit.adapter';
import { TikTokAdapter } from './tiktok/tiktok.adapter';
import { XAdapter } from './x/x.adapter';
import { YouTubeAdapter } from './youtube/youtube.adapter';

/**
 * The scopes each adapter asks for, held against the emulator, whose calls each check the scope their platform's
 * document names (its `scopes per call` comments). Two promises: with exactly the scopes it asks for, an adapter
 * goes through its whole life (connect, options, publish, look-up after a crash, status, figures, refresh) without
 * one refusal, so an adapter that reads a field or calls an endpoint without asking for its scope fails here; and
 * each scope it asks for is needed by the step this table names, so a scope asked for nothing (or a call the
 * emulator lets through without the scope its document names) fails here too.
 */
type Step =
  'connect' | 'publishOptions' | 'communityRules' | 'publish' | 'findPost' | 'postStatus' | 'metrics' | 'comment';

interface PlatformCase {
  make(options: AdapterOptions): PlatformAdapter;
  /** How the authorize URL joins scopes. */
  separator: string;
  options?: Record<string, unknown>;
  poster?: boolean;
  /** Publish with an image cover (the video's cover, docs/covers.md). */
  cover?: boolean;
  /** Each scope asked for: the first step that the platform refuses without it, or what it takes away. */
  needs: Record<string, Step | ((life: Life) => void)>;
}

const CASES: Record<string, PlatformCase> = {
  // developers.tiktok.com: Scopes overview; User Info API (fields by scope, since the scope migration);
  // Content Posting API (creator_info and the posts need video.publish); Video List/Query API (video.list).
  tiktok: {
    make: (o) => new TikTokAdapter(o),
    separator: ',',
    options: { privacyLevel: 'SELF_ONLY' },
    needs: {
      'user.info.basic': 'connect',
      // Only the account's username (optional since the scope migration): the post's address still carries the
      // handle, which creator_info gives with video.publish.
      'user.info.profile': (life) => {
        expect(life.refused?.error.message).toBeUndefined();
        expect(life.results.connect).toMatchObject({ extra: { username: '' } });
        expect(life.results.publish).toMatchObject({
          post: { url: expect.stringContaining('/@fanout.sandbox/video/') },
        });
      },
      'video.publish': 'publishOptions',
      'video.list': 'postStatus',
    },
  },
  // YouTube Data API: videos.insert needs youtube.upload (or youtube, youtube.force-ssl); channels.list mine=true
  // and videos.list need youtube.readonly (or youtube, youtube.force-ssl); commentThreads.insert needs
  // youtube.force-ssl and nothing else. A grant with force-ssl therefore goes through without either of the other
  // two; they are asked for so that a grant without force-ssl (made before Fanout asked for it, or with the
  // comment permission unticked) still publishes.
  youtube: {
    make: (o) => new YouTubeAdapter(o),
    separator: ' ',
    options: { privacy: 'public' },
    needs: {
      'https://www.googleapis.com/auth/youtube.upload': coveredByForceSsl,
      'https://www.googleapis.com/auth/youtube.readonly': coveredByForceSsl,
      'https://www.googleapis.com/auth/youtube.force-ssl': 'comment',
    },
  },
  // Instagram API with Instagram Login: /me needs instagram_business_basic; media and media_publish need
  // instagram_business_content_publish; /{media-id}/insights needs instagram_business_manage_insights.
  instagram: {
    make: (o) => new InstagramAdapter(o),
    separator: ',',
    needs: {
      instagram_business_basic: 'connect',
      instagram_business_content_publish: 'publish',
      instagram_business_manage_insights: 'metrics',
      // IG Media Comments: POST /{ig-media-id}/comments.
      instagram_business_manage_comments: 'comment',
    },
  },
  // Pages API: /me/accounts needs pages_show_list; a Page video needs pages_manage_posts, pages_read_engagement
  // and publish_video ("Posts" guide); Video Insights (/{video-id}/video_insights) needs read_insights.
  facebook: {
    make: (o) => new FacebookAdapter(o),
    separator: ',',
    needs: {
      pages_show_list: 'connect',
      pages_read_engagement: 'publish',
      pages_manage_posts: 'publish',
      publish_video: 'publish',
      read_insights: 'metrics',
      // Comments edge, as the Page: POST /{object-id}/comments.
      pages_manage_engagement: 'comment',
      // Video Thumbnails, Creating: without it the Page video is published and only its thumbnail refused.
      pages_read_user_content: (life) => {
        expect(life.refused?.error.message).toBeUndefined();
        expect(life.results.publish).toMatchObject({
          post: { coverError: expect.stringMatching(/pages_read_user_content/) },
        });
      },
    },
    cover: true,
  },
  // X API v2 authentication mapping: GET /2/users/me needs tweet.read and users.read; POST /2/tweets needs
  // tweet.write; the media upload needs media.write; offline.access is what brings a refresh token.
  x: {
    make: (o) => new XAdapter(o),
    separator: ' ',
    needs: {
      'tweet.read': 'connect',
      'users.read': 'connect',
      'tweet.write': 'publish',
      'media.write': 'publish',
      'offline.access': (life) => {
        expect(life.refused?.error.message).toBeUndefined();
        expect(life.grant?.refreshToken).toBeUndefined();
      },
    },
  },
  // Reddit API documentation, each endpoint's scope: /api/v1/me identity; post_requirements and /api/submit
  // submit; /api/info read; /user/{name}/submitted history; /subreddits/mine mysubreddits; link_flair_v2 flair.
  reddit: {
    make: (o) => new RedditAdapter(o),
    separator: ' ',
    options: { subreddit: 'clips' },
    poster: true,
    needs: {
      identity: 'connect',
      submit: 'communityRules',
      read: 'postStatus',
      history: 'findPost',
      // Choices that help the person, not publishing: the grant still posts, and says what reconnecting allows.
      mysubreddits: (life) => {
        expect(life.refused?.error.message).toBeUndefined();
        expect(life.results.publishOptions).toMatchObject({ subreddits: null });
      },
      // Without it no flair can be chosen: r/clips, which requires one, is refused before anything is sent.
      flair: (life) => {
        expect(life.results.communityRules).toMatchObject({ flairs: null, reconnectFor: 'choosing a flair' });
        expect(life.refused?.step).toBe('publish');
        expect(life.refused?.error.message).toMatch(/requires a flair/);
      },
    },
  },
};

/** Without this scope the grant's youtube.force-ssl covers every call: the whole life goes through. */
function coveredByForceSsl(life: Life) {
  expect(life.refused?.error.message).toBeUndefined();
  expect(life.results).toHaveProperty('comment');
}

interface Life {
  grant?: TokenSet;
  /** Each step done, with what it gave. */
  results: Partial<Record<Step, unknown>>;
  /** The step refused, with the error. */
  refused?: { step: Step; error: PlatformError };
}

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());

async function live(c: PlatformCase, adapter: PlatformAdapter, scopes: readonly string[]): Promise<Life> {
  const life: Life = { results: {} };
  const step = async <T>(name: Step, run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      life.results[name] = result;
      return result;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      life.refused = { step: name, error };
      throw error;
    }
  };
  try {
    const account = await step('connect', async () => {
      const state = randomBytes(12).toString('base64url');
      const codeVerifier = adapter.usesPkce ? randomBytes(32).toString('base64url') : undefined;
      const codeChallenge = codeVerifier && createHash('sha256').update(codeVerifier).digest('base64url');
      const redirectUri = testRedirectUri(adapter.platform);
      const url = new URL(adapter.authorizeUrl({ state, redirectUri, codeChallenge }));
      url.searchParams.set('scope', scopes.join(c.separator));
      const back = await decideOnAuthorizePage(url.toString(), 'approve');
      const code = back.searchParams.get('code') ?? '';
      life.grant = await adapter.exchangeCode({ code, redirectUri, codeVerifier });
      const profile = await adapter.profile(life.grant);
      const kept = profile.tokens ?? life.grant;
      const connected: ConnectedAccount = {
        accountId: profile.accountId,
        accountName: profile.name,
        accessToken: kept.accessToken,
        refreshToken: kept.refreshToken,
        extra: profile.extra ?? {},
      };
      return connected;
    });
    await step('publishOptions', () => adapter.publishOptions(account));
    if (adapter.communityRules) await step('communityRules', () => adapter.communityRules!(account, 'clips'));
    const caption = `Scopes ${randomBytes(4).toString('hex')}`;
    const request: PublishRequest = {
      account,
      video: fileSource(mediaFixtures().video),
      thumbnail: c.poster ? fileSource(mediaFixtures().still, { mimeType: 'image/png' }) : null,
      cover: c.cover
        ? {
            kind: 'image',
            image: fileSource(mediaFixtures().still, { mimeType: 'image/png' }),
            width: 320,
            height: 240,
            publicUrl: null,
          }
        : null,
      post: { title: caption, caption, tags: [], options: { ...c.options, ...flairOf(life) } },
    };
    const published = await step('publish', async () => {
      const result = await runPublishLoop(adapter, request);
      if (result.stopped) throw new Error('the publish loop stopped');
      return result;
    });
    // After a crash between the request that makes the post and its answer, the runner looks the post up.
    await step('findPost', async () => {
      const found = await adapter.findPost(request, { ...published.journal, step: 'create' });
      expect(found?.platformPostId).toBe(published.post.platformPostId);
      return found;
    });
    await step('postStatus', () => adapter.postStatus(account, published.post.platformPostId));
    await step('metrics', () => adapter.metrics(account, published.post.platformPostId));
    // The first comment, under the post just published (platforms without a comment API have no such step).
    if (adapter.postComment)
      await step('comment', () => adapter.postComment!(account, published.post.platformPostId, `First! ${caption}`));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
  }
  return life;
}

/** r/clips requires a flair: the first one offered, when the grant could read them. */
function flairOf(life: Life): Record<string, unknown> {
  const rules = life.results.communityRules as { flairs: { id: string }[] | null } | undefined;
  const first = rules?.flairs?.[0];
  return first ? { flairId: first.id } : {};
}

const ORDER: Step[] = [
  'connect',
  'publishOptions',
  'communityRules',
  'publish',
  'findPost',
  'postStatus',
  'metrics',
  'comment',
];

describe('each adapter asks for the scopes its calls need, and needs each one it asks for', () => {
  for (const [platform, c] of Object.entries(CASES)) {
    describe(platform, () => {
      const adapter = () => c.make(sandboxAdapterOptions(emu, {}, platform));

      it('asks for exactly the scopes this table knows', () => {
        expect([...adapter().scopes].sort()).toEqual(Object.keys(c.needs).sort());
      });

      it('with the scopes it asks for, goes through connect, publish, look-up, status and figures unrefused', async () => {
        const life = await live(c, adapter(), adapter().scopes);
        expect(life.refused?.error.message).toBeUndefined();
        expect((life.results.publish as { post: { coverError?: string } }).post.coverError).toBeUndefined();
        const skipped = (s: Step) =>
          (s === 'communityRules' && platform !== 'reddit') || (s === 'comment' && platform === 'tiktok');
        expect(Object.keys(life.results)).toEqual(ORDER.filter((s) => !skipped(s)));
      });

      for (const [scope, need] of Object.entries(c.needs)) {
        it(`without ${scope}: ${typeof need === 'string' ? `refused at ${need}` : 'loses what it is for'}`, async () => {
          const a = adapter();
          const life = await live(
            c,
            a,
            a.scopes.filter((s) => s !== scope),
          );
          if (typeof need !== 'string') {
            need(life);
            return;
          }
          expect(life.refused?.step).toBe(need);
          // A refusal the person can act on: the account must be connected again (or the step is refused).
          expect(['disconnected', 'rejected']).toContain(life.refused?.error.kind);
          for (const before of ORDER.slice(0, ORDER.indexOf(need))) {
            if (before === 'communityRules' && !a.communityRules) continue;
            expect(life.results, `${before} before ${need}`).toHaveProperty(before);
          }
        });
      }
    });
  }
});
