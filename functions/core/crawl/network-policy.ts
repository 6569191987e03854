import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the crawler may connect to. Only public unicast addresses are allowed;
 * everything internal is refused: private (RFC 1918), loopback, link-local (169.254.0.0/16, which holds
 * the cloud metadata endpoint 169.254.169.254), unique-local IPv6, carrier-grade NAT, multicast,
 * broadcast, reserved and documentation ranges, 0.0.0.0, and IPv6 forms that embed an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo).
 *
 * The local-development switch allows loopback only (127.0.0.0/8, ::1), so `npm run dev` and the tests
 * can crawl a site served on localhost; it does not open the rest of the private network.
 */

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export interface NetworkPolicy {
  /** Allow loopback addresses (local development and tests). */
  allowPrivateNetwork: boolean;
}

/** The local runtime sets LOCAL_DEV=true; CRAWL_ALLOW_PRIVATE_NETWORK=true turns the switch on explicitly. */
export function allowPrivateNetworkFromEnv(): boolean {
  return process.env.LOCAL_DEV === 'true' || process.env.CRAWL_ALLOW_PRIVATE_NETWORK === 'true';
}

const rangeDescriptions: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'the broadcast address',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'in the carrier-grade NAT range',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
  uniqueLocal: 'unique-local (private)',
  deprecatedSiteLocal: 'site-local (private)',
  discard: 'a discard address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  benchmarking: 'reserved for benchmarking',
  as112v6: 'reserved (AS112)',
  deprecatedOrchid: 'reserved (ORCHID)',
  orchid2: 'reserved (ORCHID)',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved (segment routing)',
};

const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');
const ipv4CompatibleV6 = ipaddr.parseCIDR('::/96');

function refused(range: string): AddressVerdict {
  return { allowed: false, reason: rangeDescriptions[range] ?? `not a public address (${range})` };
}

function checkV4(address: ipaddr.IPv4, policy: NetworkPolicy): AddressVerdict {
  const range = address.range();
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && policy.allowPrivateNetwork) return { allowed: true };
  return refused(range);
}

function checkV6(address: ipaddr.IPv6, policy: NetworkPolicy): AddressVerdict {
  if (address.isIPv4MappedAddress()) {
    const verdict = checkV4(address.toIPv4Address(), policy);
    return verdict.allowed ? verdict : { allowed: false, reason: `${verdict.reason} (IPv4-mapped)` };
  }
  const range = address.range();
  if (range === 'loopback') return policy.allowPrivateNetwork ? { allowed: true } : refused(range);
  if (range !== 'unicast') return refused(range);
  if (address.match(ipv4CompatibleV6)) return refused('reserved');
  if (!address.match(globalUnicastV6)) return refused('reserved');
  return { allowed: true };
}

/** Decides whether the crawler may connect to one IP address (v4 or v6, no brackets). */
export function checkAddress(address: string, policy: NetworkPolicy): AddressVerdict {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) only appear on link-local addresses, which are refused anyway.
  const withoutZone = bare.split('%')[0] ?? bare;
  if (!ipaddr.isValid(withoutZone)) return { allowed: false, reason: 'not an IP address' };
  const parsed = ipaddr.parse(withoutZone);
  return parsed.kind() === 'ipv4'
    ? checkV4(parsed as ipaddr.IPv4, policy)
    : checkV6(parsed as ipaddr.IPv6, policy);
}

/** True when the string is an IP literal (as URL.hostname gives it, IPv6 with brackets). */
export function isIpLiteral(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare);
}
