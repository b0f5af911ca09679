import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpAddress, isAddressAllowed, parseIpAddress, parseIpRange } from './ip-address';

const canonicalOf = (text: string) => {
  const parsed = parseIpRange(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.range.canonical;
};
const messageOf = (text: string) => {
  const parsed = parseIpRange(text);
  if (parsed.ok) throw new Error(`${text} was accepted`);
  return parsed.message;
};

const ipv4 = fc.integer({ min: 0, max: 0xffffffff }).map(BigInt);
const ipv6 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });

describe('parseIpRange', () => {
  it('reads addresses and ranges in their canonical form', () => {
    expect(canonicalOf(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(canonicalOf('203.0.113.7/32')).toBe('203.0.113.7');
    expect(canonicalOf('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(canonicalOf('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(canonicalOf('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalOf('2001:0db8::/32')).toBe('2001:db8::/32');
    expect(canonicalOf('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonicalOf('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonicalOf('::1')).toBe('::1');
    expect(canonicalOf('::')).toBe('::');
    expect(canonicalOf('::/0')).toBe('::/0');
    expect(canonicalOf('64:ff9b::192.0.2.33')).toBe('64:ff9b::c000:221');
  });

  it('treats an IPv4-mapped IPv6 entry as the IPv4 address or range it carries', () => {
    expect(canonicalOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonicalOf('::FFFF:a00:0/104')).toBe('10.0.0.0/8');
  });

  it('names what is wrong with a bad entry', () => {
    expect(messageOf('')).toMatch(/Enter an IP address/);
    expect(messageOf('10.0.0')).toMatch(/four numbers/);
    expect(messageOf('10.0.0.256')).toMatch(/256 is above 255/);
    expect(messageOf('10.0.0.01')).toMatch(/without leading zeros \(1\)/);
    expect(messageOf('10.0.0.0/33')).toMatch(/from 0 to 32 for an IPv4 range/);
    expect(messageOf('2001:db8::/129')).toMatch(/from 0 to 128 for an IPv6 range/);
    expect(messageOf('10.0.0.0/')).toMatch(/prefix/);
    expect(messageOf('10.0.0.1/8')).toBe(
      '"10.0.0.1/8" is not the start of its range: a /8 range starts at 10.0.0.0/8. Enter 10.0.0.0/8, or the single address.',
    );
    expect(messageOf('2001:db8::1/32')).toMatch(/2001:db8::\/32/);
    expect(messageOf('1::2::3')).toMatch(/only once/);
    expect(messageOf('1:2:3:4:5:6:7')).toMatch(/eight groups/);
    expect(messageOf('1:2:3:4:5:6:7:8:9')).toMatch(/eight groups/);
    expect(messageOf('1:2:3:4::5:6:7:8')).toMatch(/too many groups/);
    expect(messageOf('2001:db8::g')).toMatch(/"g" is not a group/);
    expect(messageOf('fe80::1%eth0')).toMatch(/zone/);
    expect(messageOf('::ffff:10.0.0.300')).toMatch(/not an IPv4 address/);
    expect(messageOf('office')).toMatch(/not an IPv4 address/);
    expect(messageOf('1'.repeat(61))).toMatch(/at most 60/);
  });

  it('prints every IPv4 and IPv6 address so that it reads back to itself (property)', () => {
    fc.assert(
      fc.property(ipv4, (value) => {
        const parsed = parseIpRange(formatIpAddress(4, value));
        expect(parsed.ok && parsed.range.network === value && parsed.range.prefix === 32).toBe(true);
      }),
    );
    fc.assert(
      fc.property(ipv6, (value) => {
        const text = formatIpAddress(6, value);
        const parsed = parseIpRange(text);
        // A mapped address reads back as its IPv4 address.
        if (value >> 32n === 0xffffn)
          expect(parsed.ok && parsed.range.version === 4 && parsed.range.network === (value & 0xffffffffn)).toBe(true);
        else
          expect(parsed.ok && parsed.range.version === 6 && parsed.range.network === value && parsed.range.canonical === text).toBe(true);
      }),
    );
  });

  it('reads the uncompressed, upper-case form of any IPv6 address to the same canonical text (property)', () => {
    fc.assert(
      fc.property(
        ipv6.filter((v) => v >> 32n !== 0xffffn),
        (value) => {
          const full = Array.from({ length: 8 }, (_, i) =>
            ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16).padStart(4, '0').toUpperCase(),
          ).join(':');
          expect(canonicalOf(full)).toBe(formatIpAddress(6, value));
        },
      ),
    );
  });

  it('accepts a range exactly when no bit after its prefix is set (property)', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 0, max: 32 }), (value, prefix) => {
        const hostMask = (1n << BigInt(32 - prefix)) - 1n;
        const parsed = parseIpRange(`${formatIpAddress(4, value)}/${prefix}`);
        expect(parsed.ok).toBe((value & hostMask) === 0n);
      }),
    );
  });
});

describe('isAddressAllowed', () => {
  it('allows an address inside a listed range or equal to a listed address, and nothing else', () => {
    const list = ['10.0.0.0/8', '203.0.113.7', '2001:db8::/32'];
    expect(isAddressAllowed('10.1.2.3', list)).toBe(true);
    expect(isAddressAllowed('10.255.255.255', list)).toBe(true);
    expect(isAddressAllowed('11.0.0.0', list)).toBe(false);
    expect(isAddressAllowed('9.255.255.255', list)).toBe(false);
    expect(isAddressAllowed('203.0.113.7', list)).toBe(true);
    expect(isAddressAllowed('203.0.113.8', list)).toBe(false);
    expect(isAddressAllowed('2001:db8:ffff::1', list)).toBe(true);
    expect(isAddressAllowed('2001:db9::1', list)).toBe(false);
    expect(isAddressAllowed('127.0.0.1', list)).toBe(false);
    expect(isAddressAllowed('::1', list)).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 client address as IPv4', () => {
    expect(isAddressAllowed('::ffff:10.0.0.1', ['10.0.0.0/8'])).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', ['10.0.0.0/8'])).toBe(false);
    expect(isAddressAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAddressAllowed('127.0.0.1', ['::ffff:127.0.0.1'])).toBe(true);
    // IPv4 ranges never match native IPv6 addresses, nor the reverse.
    expect(isAddressAllowed('::1', ['0.0.0.0/0'])).toBe(false);
    expect(isAddressAllowed('10.0.0.1', ['::/0'])).toBe(false);
  });

  it('allows nothing for an unreadable address or through an unreadable entry', () => {
    expect(isAddressAllowed('', ['0.0.0.0/0'])).toBe(false);
    expect(isAddressAllowed('unknown', ['0.0.0.0/0'])).toBe(false);
    expect(isAddressAllowed('10.0.0.1', ['10.0.0.1/8', 'office'])).toBe(false);
    expect(isAddressAllowed('10.0.0.1', [])).toBe(false);
  });

  it('matches a range exactly when the address shares its first prefix bits (property)', () => {
    fc.assert(
      fc.property(ipv4, ipv4, fc.integer({ min: 0, max: 32 }), (network, address, prefix) => {
        const shift = BigInt(32 - prefix);
        const start = (network >> shift) << shift;
        const range = `${formatIpAddress(4, start)}/${prefix}`;
        expect(isAddressAllowed(formatIpAddress(4, address), [range])).toBe(address >> shift === start >> shift);
        expect(isAddressAllowed(`::ffff:${formatIpAddress(4, address)}`, [range])).toBe(address >> shift === start >> shift);
      }),
    );
    fc.assert(
      fc.property(ipv6, ipv6, fc.integer({ min: 0, max: 128 }), (network, address, prefix) => {
        fc.pre(network >> 32n !== 0xffffn && address >> 32n !== 0xffffn);
        const shift = BigInt(128 - prefix);
        const start = (network >> shift) << shift;
        fc.pre(start >> 32n !== 0xffffn);
        const range = `${formatIpAddress(6, start)}/${prefix}`;
        expect(isAddressAllowed(formatIpAddress(6, address), [range])).toBe(address >> shift === start >> shift);
      }),
    );
  });

  it('always allows an address listed on its own, whatever else is listed (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          ipv4.map((v) => formatIpAddress(4, v)),
          ipv6.map((v) => formatIpAddress(6, v)),
        ),
        fc.array(fc.string()),
        (address, noise) => {
          expect(isAddressAllowed(address, [...noise, address])).toBe(true);
          expect(parseIpAddress(address)).toBeDefined();
        },
      ),
    );
  });
});
