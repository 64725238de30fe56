import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOK_ALLOW_PRIVATE=true: this machine, private networks,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and the unspecified address.
 */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family === 6) return privateRanges.check(address, 'ipv6');
  return true;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** What can be told without asking DNS: an address literal in a private range, or a name for this machine. */
export function isPrivateHostLiteral(url: URL): boolean {
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/** A host refused before connecting: its name does not resolve, or it resolves to a private address. */
export class WebhookAddressError extends Error {
  constructor(
    message: string,
    readonly reason: 'unresolved' | 'private',
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Every address the URL's host resolves to, refused when any is private (unless allowed): a name with one public
 * and one private address must not be a way in. The request then connects to these very addresses, so a second
 * DNS answer cannot differ from the checked one. `allowPrivate`: all private addresses, or those it accepts.
 */
export async function resolveWebhookHost(
  url: URL,
  allowPrivate: boolean | ((address: string) => boolean),
): Promise<ResolvedAddress[]> {
  const host = hostOf(url);
  const family = isIP(host);
  const addresses: ResolvedAddress[] = family
    ? [{ address: host, family: family as 4 | 6 }]
    : (
        await lookup(host, { all: true, verbatim: true }).catch((err: NodeJS.ErrnoException) => {
          throw new WebhookAddressError(`cannot resolve ${host} (${err.code ?? err.message})`, 'unresolved');
        })
      ).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (addresses.length === 0) throw new WebhookAddressError(`${host} has no address`, 'unresolved');
  if (allowPrivate !== true) {
    const allowed = allowPrivate === false ? () => false : allowPrivate;
    const blocked = addresses.find((a) => isPrivateAddress(a.address) && !allowed(a.address));
    if (blocked) {
      throw new WebhookAddressError(`${host} resolves to a private address (${blocked.address})`, 'private');
    }
  }
  return addresses;
}
