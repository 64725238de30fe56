// What the platforms' tests share: a person's clicks on an authorize page, a test clock, control-API calls.
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from './oauth';

/** The sandbox app's `Authorization: Basic` header. */
export const SANDBOX_BASIC = `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`;

export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export function clock(start = Date.parse('2026-03-02T10:00:00Z')): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/**
 * Opens an authorize page and presses Approve or Deny, as a person would, with the choices made on the page
 * (`chosen`: the account to continue as …); returns the decision's raw answer.
 */
export async function pressDecision(
  url: string,
  decision: 'approve' | 'deny',
  chosen: Record<string, string> = {},
): Promise<Response> {
  const page = await fetch(url);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page ${page.status}: ${html.slice(0, 300)}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html)!;
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('decision', decision);
  for (const [name, value] of Object.entries(chosen)) fields.set(name, value);
  return fetch(new URL(unescape(form[1]!), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
}

/** Approve or Deny; returns where the browser is sent (a decision that does not redirect throws). */
export async function decideRedirect(
  url: string,
  decision: 'approve' | 'deny',
  chosen: Record<string, string> = {},
): Promise<URL> {
  const res = await pressDecision(url, decision, chosen);
  if (res.status !== 302) throw new Error(`decision answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!);
}

/** Arms a control-API fault on one platform. */
export async function armFault(emuUrl: string, platform: string, f: object) {
  const res = await fetch(`${emuUrl}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform, ...f }),
  });
  if (res.status !== 201) throw new Error(`fault: ${res.status} ${await res.text()}`);
}

/** `GET /_control/published`, typed by the caller to the fields it reads. */
export async function publishedItems<T>(emu: { url: string }): Promise<T[]> {
  return ((await (await fetch(`${emu.url}/_control/published`)).json()) as { items: T[] }).items;
}
