import { isPrivateHostLiteral } from '../webhooks/webhook-address';

/**
 * Whether PUBLIC_URL names a place the internet can reach: not this machine, not a private or link-local
 * address, not a name only a local network resolves (`.local`, `.internal`, a name without a dot). A platform that
 * takes a cover only by its address (Instagram's cover_url) fetches it from there. Told from the URL alone, as
 * the setting is written: a public name that resolves to a private address is the operator's own doing.
 */
export function isInternetAddress(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  const host = url.hostname.toLowerCase();
  if (isPrivateHostLiteral(url)) return false;
  if (!host.includes('.') && !host.includes(':')) return false;
  return !/\.(local|internal|lan|home\.arpa)$/.test(host);
}

/** The address of a stored cover image as the internet reaches it, or null when PUBLIC_URL is not on the internet. */
export function coverImageAddress(publicUrl: string, filename: string): string | null {
  return isInternetAddress(publicUrl) ? `${publicUrl}/uploads/${filename}` : null;
}
