/** Small pieces every benchmark script uses. */
import fs from 'node:fs';
import os from 'node:os';
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

/** The machine a figure was measured on: cores, CPU, memory, system, Node. */
export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const mem = (os.totalmem() / 1024 ** 3).toFixed(0);
  const distro = fs.existsSync('/etc/os-release')
    ? (/PRETTY_NAME="([^"]+)"/.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.platform())
    : os.platform();
  return `${os.cpus().length} cores (${cpu}), ${mem} GiB RAM, ${distro}, Node ${process.version}`;
}

/** A benchmark's page in docs/: what wrote it, the machine, when, the load, the command, then what it printed. */
export function benchDoc(d: {
  title: string;
  about: string[];
  command: string;
  startedAt: Date;
  loadAtStart: number;
  lines: string[];
}): string {
  return [
    `# ${d.title}`,
    '',
    ...d.about,
    '',
    `- Machine: ${machine()}`,
    `- Run: ${d.startedAt.toISOString()}, load average (1 min) at the start ${d.loadAtStart.toFixed(2)}`,
    `- Command: \`${d.command}\``,
    '',
    '```text',
    ...d.lines.map((l) => l.replace(/\s+$/, '')),
    '```',
    '',
  ].join('\n');
}

/** Resets VmHWM (Linux: write 5 to clear_refs); false when not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
