// What Instagram and Facebook share in the fault table test: Graph's error envelope and rupload (reference §2, §3).
import { request, type Answer, type Meaning } from '../fault-driver';

export const GRAPH_VERSION = '/v23.0';

/** Graph's error codes as the reference lists them; IG's 4 / 2207051 is its duplicate (suspected spam). */
export function graphMeaning(a: Answer): Meaning {
  if (a.status < 300) return 'ok';
  const error = a.body?.error as { code?: number; error_subcode?: number } | undefined;
  if (error?.code === 506 || error?.error_subcode === 2207051) return 'duplicate';
  if (error?.code === 4 || error?.code === 17 || error?.code === 32) return 'rate_limit';
  if (error?.code === 190) return 'token_expired';
  if (error?.code === 1 || error?.code === 2 || a.status >= 500) return 'server_error';
  if (error?.code === 100) return 'reject';
  return 'other';
}

export const graphMessage = (a: Answer) => a.body?.error?.message as string | undefined;

/** `estimated_time_to_regain_access` of `x-business-use-case-usage`, in minutes. */
export function graphResetSeconds(a: Answer): number | undefined {
  const usage = JSON.parse(a.headers.get('x-business-use-case-usage') ?? '{}') as Record<
    string,
    { estimated_time_to_regain_access: number }[]
  >;
  const minutes = Object.values(usage)[0]?.[0]?.estimated_time_to_regain_access;
  return minutes === undefined ? undefined : minutes * 60;
}

/** The whole file in one request to a rupload address. */
export async function rupload(url: string, token: string, bytes: Buffer) {
  const res = await request(url, {
    method: 'POST',
    headers: { authorization: `OAuth ${token}`, offset: '0', file_size: String(bytes.length) },
    body: bytes,
  });
  if (res.status !== 200) throw new Error(`rupload: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Polls until processing is over (a Meta upload is processed after one poll that saw it running). */
export async function processed(poll: () => Promise<string>): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const state = await poll();
    if (state !== 'processing') return state;
  }
  throw new Error('still processing');
}
