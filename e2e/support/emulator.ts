import type { PlatformKey } from '@fanout/contracts';

/** The platform emulator's control API, as a test drives it: faults to inject, and what went live. */

export interface FaultRequest {
  platform: PlatformKey;
  kind: 'rate_limit' | 'server_error' | 'token_expired' | 'reject' | 'processing_failed' | 'slow_processing' | 'hang';
  /** The platform step it applies to (`initialize`, `create` …); any step when absent. */
  step?: string;
  times?: number;
  /** The platform's own words for a `reject`. */
  message?: string;
}

export interface PublishedItem {
  platform: string;
  id: string;
  url: string;
  /** The platform's id of the account it was published as. */
  accountId: string;
  title: string;
  caption: string;
}

async function control<T>(emulatorUrl: string, pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${emulatorUrl}/_control/${pathname}`, {
    ...init,
    headers: init.body ? { 'content-type': 'application/json' } : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} /_control/${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export function injectFault(emulatorUrl: string, fault: FaultRequest) {
  return control(emulatorUrl, 'faults', { method: 'POST', body: JSON.stringify(fault) });
}

/** Removes every fault still waiting; accounts, tokens and published posts stay. */
export function clearFaults(emulatorUrl: string) {
  return control(emulatorUrl, 'faults', { method: 'DELETE' });
}

/** Every access token the platform has issued expires now (a Facebook Page token then answers 190/463). */
export function expireTokens(emulatorUrl: string, platform: PlatformKey) {
  return control(emulatorUrl, 'expire-tokens', { method: 'POST', body: JSON.stringify({ platform }) });
}

export async function publishedItems(emulatorUrl: string): Promise<PublishedItem[]> {
  return (await control<{ items: PublishedItem[] }>(emulatorUrl, 'published')).items;
}
