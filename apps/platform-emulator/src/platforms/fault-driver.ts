// For the fault table test: what it needs of each platform, through the platform's own documented calls.

/** An answer as a driver reads it. */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** What an answer means in the platform's documented words. */
export type Meaning = 'ok' | 'rate_limit' | 'server_error' | 'token_expired' | 'reject' | 'duplicate' | 'other';

export type ProcessingState = 'processing' | 'done' | 'failed';

/** The emulator the table runs on, all six platforms, with a clock the test moves. */
export interface FaultEmu {
  url: string;
  clock: { t: number };
}

/** One platform, driven as a client following its documents would. */
export interface FaultDriver<Account = unknown, Upload = unknown> {
  platform: string;
  /** What the table calls it, when the platform has more than one way to publish. */
  name?: string;
  /** The step of `probe`: a read of the connected account. */
  probeStep: string;
  /** Another step of the platform, which `probe` does not go through. */
  otherStep: string;
  /** Where the processing faults are read (the platform's index.ts names it). */
  processingStep: string;
  connect(emu: FaultEmu): Promise<Account>;
  probe(emu: FaultEmu, account: Account): Promise<Answer>;
  meaning(a: Answer): Meaning;
  /** The text a refusal carries. */
  message(a: Answer): string | undefined;
  /** Seconds until a rate limit resets, as the answer tells it (undefined: this platform does not say). */
  resetSeconds(a: Answer, now: number): number | undefined;
  /** Sends a small video, up to where the platform processes it. */
  upload(emu: FaultEmu, account: Account): Promise<Upload>;
  /** One look at its processing, as a client polls it. */
  processing(emu: FaultEmu, account: Account, upload: Upload): Promise<ProcessingState>;
  /** The step that makes a post (where `duplicate` acts), run from the start: what its answer means. */
  create(emu: FaultEmu, account: Account): Promise<Meaning>;
}

/** A fetch whose answer is read whatever it is (JSON when it parses). */
export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text
  }
  return { status: res.status, headers: res.headers, body };
}

/** A form POST (a token endpoint's code exchange): its answer's JSON. */
export async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as any;
}

/** `url` of the emulator for `https://<host><path>`. */
export const at = (emu: FaultEmu, host: string, path: string) => `${emu.url}/${host}${path}`;

/** Bytes that stand for a video. */
export const someVideo = (size = 300_000) => Buffer.alloc(size, 7);

/** Seconds from `now` (ms) to an epoch-seconds header. */
export const secondsUntil = (epochSeconds: string | null, now: number) =>
  epochSeconds === null ? undefined : Number(epochSeconds) - Math.floor(now / 1000);
