/** Small pieces every benchmark script uses. */
import fs from 'node:fs';
import type { AuthResult } from '@fanout/contracts';

/** A JSON call to the server under test; anything but 2xx throws with the answer's text. */
export async function json<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB, from /proc. */
export function processMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}

/** A new account on the server at `base` (e-mail and username made unique with the time), through the API. */
export function registerBenchUser(base: string, name: string, fullName = 'Bench'): Promise<AuthResult> {
  const stamp = Date.now();
  return json<AuthResult>(`${base}/api/auth/register`, 'POST', {
    email: `${name}${stamp}@example.com`,
    username: `${name}${stamp}`,
    password: 'correct horse battery staple',
    fullName,
  });
}
