import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { CrawlRefusedError } from './crawl-errors.js';
import { checkAddress, type NetworkPolicy } from './network-policy.js';

/** Resolves a host name to all its addresses. Injectable so tests can fake DNS. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Resolves `hostname` and returns its addresses, or throws CrawlRefusedError when ANY of them is not
 * allowed (a name that also points inside the network is refused outright).
 */
export async function resolveAllowedAddresses(
  url: string,
  hostname: string,
  policy: NetworkPolicy,
  resolve: HostResolver = systemResolver,
): Promise<LookupAddress[]> {
  const addresses = await resolve(hostname);
  if (!addresses.length) {
    const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
    error.code = 'ENOTFOUND';
    throw error;
  }
  for (const { address } of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.allowed) {
      // Which address, not said: the message reaches the user, and would let anyone map internal names.
      throw new CrawlRefusedError(`Refused to fetch ${url}: ${hostname} resolves to an address that is ${verdict.reason}`);
    }
  }
  return addresses;
}

/**
 * A `lookup` for node:net that only hands over addresses that passed `resolveAllowedAddresses`. The socket
 * connects to the address validated here, so a DNS answer that changes between a check and the connection
 * (DNS rebinding) cannot slip through. Node does not call `lookup` for IP literals; safe-fetch checks
 * those itself.
 */
export function validatingLookup(url: string, policy: NetworkPolicy, resolve: HostResolver = systemResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveAllowedAddresses(url, hostname, policy, resolve).then(
      (resolved) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family === 4 || family === 6 ? resolved.filter((a) => a.family === family) : resolved;
        const first = addresses[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no IPv${family} address`);
          error.code = 'ENOTFOUND';
          callback(error, '');
        } else if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
