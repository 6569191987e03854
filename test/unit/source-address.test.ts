import { describe, expect, it } from 'vitest';
import { sourceAddressKey } from '../../functions/core/http/source-address.js';

describe('sourceAddressKey: what a rate limit counts as one source', () => {
  it('an IPv4 address is itself, also when written as IPv4-mapped IPv6', () => {
    expect(sourceAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('every address of one IPv6 /64 is one source, however it is written', () => {
    const keys = ['2001:db8:5:7::1', '2001:0db8:0005:0007:ffff:1:2:3', '2001:DB8:5:7:a::b'].map(sourceAddressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:5:7::/64']));
    expect(sourceAddressKey('2001:db8:5:8::1')).not.toBe(keys[0]);
  });

  it('anything else is counted as given (bounded), never as everyone', () => {
    expect(sourceAddressKey('not an address')).toBe('not an address');
    expect(sourceAddressKey('')).toBe('unknown');
  });
});
