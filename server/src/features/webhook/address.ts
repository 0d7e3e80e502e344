import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not send unless an administrator allows it for that endpoint: the machine
 * itself, private networks, link-local (cloud metadata services live there), carrier-grade NAT,
 * multicast and reserved ranges. A URL naming such an address is refused when saved, and every
 * connection is checked again at the moment it is made (lookup below), so a name that later
 * resolves elsewhere (DNS rebinding) or a redirect cannot reach them either.
 */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is one of those (IPv4 written inside IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true;
}

export class AddressRefused extends Error {}

/** A URL's host when it is an IP literal (no lookup happens for those), without brackets. */
export function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/** Refuses a URL whose host is a private address literal, or a name for one, when not allowed. */
export function checkUrl(url: URL, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const literal = literalHost(url);
  if (literal && isPrivateAddress(literal)) throw new AddressRefused(`${literal} is a private or local address`);
  if (/^localhost$|\.localhost$/i.test(url.hostname)) throw new AddressRefused(`${url.hostname} is a local name`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The `lookup` of an outgoing connection: resolves as usual, then refuses a private address. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = !allowPrivate && list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new AddressRefused(`${hostname} resolves to ${refused.address}, a private or local address`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
