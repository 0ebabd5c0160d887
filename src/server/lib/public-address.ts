/**
 * Addresses the server may call on someone's say-so (a push subscription's endpoint is an
 * address a person gave us): public ones only. Loopback, private, link-local, CGNAT,
 * documentation, benchmarking, multicast and reserved ranges, and IPv6 unique-local, are
 * refused, as are IPv4 addresses written as IPv6 (mapped or NAT64) that fall in them.
 */
import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address (v4 or v6, without brackets) is one anyone on the internet has. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  return !refused.check(address, 'ipv6');
}

export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
}

/**
 * A `lookup` for http(s).request that answers only public addresses: the check and the
 * connection use the same answer, so a name that changes between them (DNS rebinding)
 * cannot lead the request inside.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
      return callback(new NonPublicAddressError(`${hostname} is not a public address`), '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

/** Whether every address a host name (or IP literal) resolves to is public. */
export async function resolvesToPublic(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare)) return isPublicAddress(bare);
  return new Promise((resolve) => {
    publicOnlyLookup(bare, { all: true }, (error) => resolve(!error));
  });
}
