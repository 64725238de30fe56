import { usageError } from './exit-codes';

/** `tiktok:@handle` → the platform and, when given, which of its accounts (by name). */
export interface TargetSpec {
  platform: string;
  account?: string;
}

/** `--to tiktok:@handle,youtube`: platforms, each optionally with an account name (the @ is optional). */
export function parseTargets(text: string): TargetSpec[] {
  const specs = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [platform, account] = part.split(/:(.*)/s, 2) as [string, string | undefined];
      if (!/^[a-z]+$/.test(platform)) throw usageError(`"${part}" is not a platform (e.g. tiktok or tiktok:@handle)`);
      const name = account?.replace(/^@/, '').trim();
      if (account !== undefined && !name) throw usageError(`"${part}" names no account after the colon`);
      return name ? { platform, account: name } : { platform };
    });
  if (!specs.length) throw usageError('--to needs at least one platform, e.g. --to tiktok,youtube');
  return specs;
}

/** A value as typed: true/false and numbers as such, anything else as text. */
function optionValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** `--option tiktok.privacyLevel=SELF_ONLY` (repeatable) → options per platform. */
export function parseOptions(entries: string[], platforms: string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const entry of entries) {
    const match = /^([a-z]+)\.([A-Za-z0-9_]+)=(.*)$/s.exec(entry);
    if (!match) throw usageError(`--option "${entry}" is not platform.name=value (e.g. tiktok.privacyLevel=SELF_ONLY)`);
    const [, platform, name, value] = match as unknown as [string, string, string, string];
    if (!platforms.includes(platform))
      throw usageError(`--option "${entry}" is for ${platform}, which --to does not name`);
    (out[platform] ??= {})[name] = optionValue(value);
  }
  return out;
}

/** `--at "2026-12-01 09:00"` → the API's `scheduledLocal` (YYYY-MM-DDTHH:mm), a wall-clock time in the project's zone. */
export function parseLocalTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) throw usageError(`--at "${text}" is not a local date and time like "2026-12-01 09:00"`);
  return `${match[1]}T${match[2]!.padStart(2, '0')}:${match[3]}`;
}
