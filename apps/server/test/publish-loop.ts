import { createHash, randomBytes } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type {
  ConnectedAccount,
  MediaSource,
  PlatformAdapter,
  PublishedPost,
  PublishJournal,
  PublishRequest,
  PublishStepResult,
  VideoSource,
} from '../src/platforms/platform-adapter';
import { decideOnAuthorizePage } from './emulator';

export interface PublishLoopOptions {
  /** Continue from this journal (a resume); a new post when absent. */
  journal?: PublishJournal | null;
  /** Stop (without an error) once this returns true for a step's result; the loop then returns `stopped`. */
  stopWhen?: (result: PublishStepResult, stepIndex: number) => boolean;
  /** Waits asked for by the adapter are honoured up to this many ms (tests keep them short). */
  maxWaitMs?: number;
  /** A runaway guard. */
  maxSteps?: number;
}

export type PublishLoopResult =
  | { stopped: false; post: PublishedPost; journal: PublishJournal; steps: PublishStepResult[] }
  | { stopped: true; journal: PublishJournal; steps: PublishStepResult[] };

/**
 * Drives `publishStep` as the runner does: the journal each step returns is the input of the next, and a
 * step's `waitMs` is waited (capped) before the next call.
 */
export async function runPublishLoop(
  adapter: PlatformAdapter,
  request: PublishRequest,
  opts: PublishLoopOptions = {},
): Promise<PublishLoopResult> {
  let journal = opts.journal ?? null;
  const steps: PublishStepResult[] = [];
  const maxSteps = opts.maxSteps ?? 500;
  for (let i = 0; i < maxSteps; i++) {
    const result = await adapter.publishStep(request, journal);
    steps.push(result);
    journal = result.journal;
    if (result.done) return { stopped: false, post: result.post, journal, steps };
    if (opts.stopWhen?.(result, i)) return { stopped: true, journal, steps };
    const wait = Math.min(result.waitMs ?? 0, opts.maxWaitMs ?? 50);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error(`publishing did not finish within ${maxSteps} steps (last step: ${journal?.step})`);
}

/** A source that counts the bytes read from it, to prove a resume does not send the file again. */
export function countingSource<T extends VideoSource>(source: T): T & { bytesRead(): number } {
  let total = 0;
  return {
    ...source,
    read(range) {
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          total += chunk.length;
          done(null, chunk);
        },
      });
      return pipeline(source.read(range), counter, () => {});
    },
    bytesRead: () => total,
  };
}

/** Where the authorize pages send the browser back in tests (never fetched). */
export const testRedirectUri = (platform: string) => `http://127.0.0.1:9/api/oauth/${platform}/callback`;

/**
 * A person connects: the adapter's authorize URL (with PKCE when it uses it), Approve on the emulator's
 * page, the state checked on the way back, the code exchanged, the profile read.
 */
export async function connectAccount(adapter: PlatformAdapter) {
  const state = randomBytes(12).toString('base64url');
  const codeVerifier = adapter.usesPkce ? randomBytes(32).toString('base64url') : undefined;
  const codeChallenge = codeVerifier && createHash('sha256').update(codeVerifier).digest('base64url');
  const redirectUri = testRedirectUri(adapter.platform);
  const back = await decideOnAuthorizePage(adapter.authorizeUrl({ state, redirectUri, codeChallenge }), 'approve');
  if (back.searchParams.get('state') !== state) throw new Error(`the state did not come back: ${back}`);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code came back: ${back}`);
  const exchanged = await adapter.exchangeCode({ code, redirectUri, codeVerifier });
  const profile = await adapter.profile(exchanged);
  const tokens = profile.tokens ?? exchanged;
  const account: ConnectedAccount = {
    accountId: profile.accountId,
    accountName: profile.name,
    accessToken: tokens.accessToken,
    extra: profile.extra ?? {},
  };
  return { tokens, exchanged, profile, account, code, codeVerifier, redirectUri };
}

/** A grant from before some scopes were asked for: the authorize page is asked for `scope` alone. */
export function connectWithScope(adapter: PlatformAdapter, scope: string) {
  const older = Object.assign(Object.create(adapter) as PlatformAdapter, {
    authorizeUrl: (input: Parameters<PlatformAdapter['authorizeUrl']>[0]) => {
      const url = new URL(adapter.authorizeUrl(input));
      url.searchParams.set('scope', scope);
      return url.toString();
    },
  });
  return connectAccount(older);
}

/** A publish request with test defaults. */
export function publishRequest(
  account: ConnectedAccount,
  video: VideoSource,
  post: Partial<PublishRequest['post']> = {},
  thumbnail: MediaSource | null = null,
): PublishRequest {
  return {
    account,
    video,
    thumbnail,
    post: { title: 'A test video', caption: 'Caption of a test video', tags: ['fanout', 'test'], options: {}, ...post },
  };
}
