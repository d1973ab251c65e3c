import { describe, expect, it } from 'vitest';
import { networkPrefix } from './network-prefix.ts';

describe('networkPrefix', () => {
  it('keeps the /24 of an IPv4 address', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('10.1.2.255')).toBe('10.1.2.0/24');
  });

  it('keeps the /48 of an IPv6 address, whatever its spelling', () => {
    expect(networkPrefix('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(networkPrefix('2001:0DB8:0001:ffff:0:0:0:9')).toBe('2001:db8:1::/48');
    expect(networkPrefix('2001:db8::7')).toBe('2001:db8:0::/48');
    expect(networkPrefix('::1')).toBe('0:0:0::/48');
  });

  it('takes an IPv4 address written as IPv6 as IPv4', () => {
    expect(networkPrefix('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
  });

  it('is null for anything that is not an address', () => {
    expect(networkPrefix('localhost')).toBeNull();
    expect(networkPrefix('300.1.1.1')).toBeNull();
  });
});
