import ipaddr from 'ipaddr.js';

/**
 * The client a request counts against: its IPv4 address, or the /64 network of an IPv6 address
 * (one subscriber line usually holds a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function sourceAddressKey(sourceIp: string): string {
  if (!ipaddr.isValid(sourceIp)) return sourceIp.slice(0, 64) || 'unknown';
  const address = ipaddr.process(sourceIp);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
