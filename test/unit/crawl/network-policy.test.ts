import { afterEach, describe, expect, it } from 'vitest';
import { allowPrivateNetworkFromEnv, checkAddress } from '../../../functions/core/crawl/network-policy.js';

const off = { allowPrivateNetwork: false };
const on = { allowPrivateNetwork: true };

describe('network policy: which addresses the crawler may connect to', () => {
  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['1.1.1.1', 'public IPv4'],
    ['172.15.255.255', 'just below 172.16.0.0/12'],
    ['172.32.0.1', 'just above 172.16.0.0/12'],
    ['100.63.255.255', 'just below CGNAT'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['2a00:1450:4001:80e::200e', 'public IPv6'],
    ['::ffff:93.184.216.34', 'IPv4-mapped public address'],
  ])('allows %s (%s)', (address) => {
    expect(checkAddress(address, off)).toEqual({ allowed: true });
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local (private)'],
    ['fd12:3456:789a::1', 'unique-local (private)'],
    ['100.64.0.1', 'in the carrier-grade NAT range'],
    ['100.127.255.255', 'in the carrier-grade NAT range'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'the broadcast address'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback (IPv4-mapped)'],
    ['::ffff:169.254.169.254', 'link-local (IPv4-mapped)'],
    ['::ffff:10.0.0.5', 'private (IPv4-mapped)'],
    ['::ffff:a9fe:a9fe', 'link-local (IPv4-mapped)'],
    ['::7f00:1', 'reserved'],
    ['::127.0.0.1', 'loopback (IPv4-mapped)'],
    ['64:ff9b::a9fe:a9fe', 'a NAT64 address'],
    ['2002:a9fe:a9fe::1', 'a 6to4 address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'a Teredo address'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s: %s', (address, reason) => {
    expect(checkAddress(address, off)).toEqual({ allowed: false, reason });
  });

  it('the local-development switch allows loopback only', () => {
    expect(checkAddress('127.0.0.1', on)).toEqual({ allowed: true });
    expect(checkAddress('::1', on)).toEqual({ allowed: true });
    expect(checkAddress('::ffff:127.0.0.1', on)).toEqual({ allowed: true });
    expect(checkAddress('10.0.0.5', on).allowed).toBe(false);
    expect(checkAddress('192.168.1.1', on).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', on).allowed).toBe(false);
    expect(checkAddress('0.0.0.0', on).allowed).toBe(false);
  });

  describe('allowPrivateNetworkFromEnv', () => {
    const saved = { LOCAL_DEV: process.env.LOCAL_DEV, CRAWL: process.env.CRAWL_ALLOW_PRIVATE_NETWORK };
    afterEach(() => {
      process.env.LOCAL_DEV = saved.LOCAL_DEV;
      process.env.CRAWL_ALLOW_PRIVATE_NETWORK = saved.CRAWL;
      if (saved.LOCAL_DEV === undefined) delete process.env.LOCAL_DEV;
      if (saved.CRAWL === undefined) delete process.env.CRAWL_ALLOW_PRIVATE_NETWORK;
    });

    it('is on in the local runtime (LOCAL_DEV=true) or when CRAWL_ALLOW_PRIVATE_NETWORK=true, off otherwise', () => {
      delete process.env.LOCAL_DEV;
      delete process.env.CRAWL_ALLOW_PRIVATE_NETWORK;
      expect(allowPrivateNetworkFromEnv()).toBe(false);
      process.env.LOCAL_DEV = 'true';
      expect(allowPrivateNetworkFromEnv()).toBe(true);
      process.env.LOCAL_DEV = 'false';
      process.env.CRAWL_ALLOW_PRIVATE_NETWORK = 'true';
      expect(allowPrivateNetworkFromEnv()).toBe(true);
      process.env.CRAWL_ALLOW_PRIVATE_NETWORK = '1';
      expect(allowPrivateNetworkFromEnv()).toBe(false);
    });
  });
});
