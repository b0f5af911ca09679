// IP addresses and CIDR ranges of a subscriber's sign-in allow-list (/ip-addresses, issue 20). Pure parsing and
// matching: IPv4 (RFC 791 dotted quad) and IPv6 (RFC 4291 §2.2 text forms, printed per RFC 5952), CIDR per RFC 4632.
// An IPv4-mapped IPv6 address (::ffff:a.b.c.d, RFC 4291 §2.5.5.2: what a dual-stack socket reports for an IPv4 client)
// is treated as the IPv4 address it carries, both as a client address and as an entry.

export type IpVersion = 4 | 6;

/** An address or a range: the network's first address and the prefix length; an address alone has the full length. */
export type IpRange = {
  version: IpVersion;
  /** The network address as an unsigned integer (32 or 128 bits). */
  network: bigint;
  prefix: number;
  /** Canonical text: '10.0.0.0/8', '203.0.113.7', '2001:db8::/32'. */
  canonical: string;
};

export type IpParseResult = { ok: true; range: IpRange } | { ok: false; message: string };

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };
/** An entry's text is at most this long (the longest IPv6 text with an embedded IPv4 and a prefix is 49). */
export const IP_ENTRY_MAX_LENGTH = 60;

const fail = (message: string): IpParseResult => ({ ok: false, message });

type Parsed = { version: IpVersion; value: bigint } | { error: string };

const parseIpv4 = (text: string): Parsed => {
  const parts = text.split('.');
  if (parts.length !== 4)
    return { error: `"${text}" is not an IPv4 address: it needs four numbers separated by dots, such as 203.0.113.7.` };
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return { error: `"${text}" is not an IPv4 address: each of its four parts is a number from 0 to 255.` };
    // A leading zero reads as octal to some systems (010 = 8): refused rather than guessed.
    if (part.length > 1 && part.startsWith('0')) return { error: `"${text}": write ${part} without leading zeros (${Number(part)}).` };
    const n = Number(part);
    if (n > 255) return { error: `"${text}" is not an IPv4 address: ${part} is above 255.` };
    value = (value << 8n) | BigInt(n);
  }
  return { version: 4, value };
};

const parseIpv6 = (text: string): Parsed => {
  const bad = (why: string): Parsed => ({ error: `"${text}" is not an IPv6 address: ${why}` });
  if (text.includes('%')) return bad('a zone (the part after %) belongs to one machine and cannot be allow-listed.');
  let head = text;
  // An embedded IPv4 in the last 32 bits (::ffff:10.0.0.1, 64:ff9b::192.0.2.33) is rewritten as two hex groups.
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if ('error' in v4) return bad(`its last part ${last} is not an IPv4 address.`);
    head = `${text.slice(0, lastColon + 1)}${(v4.value >> 16n).toString(16)}:${(v4.value & 0xffffn).toString(16)}`;
  }
  const doubles = head.split('::').length - 1;
  if (doubles > 1) return bad('"::" may appear only once.');
  const groupsOf = (side: string): string[] => (side === '' ? [] : side.split(':'));
  let groups: string[];
  let missing: number;
  const wanted = 8;
  if (doubles === 1) {
    const [left = '', right = ''] = head.split('::');
    const l = groupsOf(left);
    const r = groupsOf(right);
    groups = [...l, ...r];
    missing = wanted - groups.length;
    if (missing < 1) return bad('it has too many groups for "::".');
    groups = [...l, ...Array<string>(missing).fill('0'), ...r];
  } else {
    groups = groupsOf(head);
    if (groups.length !== wanted) return bad('it needs eight groups of up to four hex digits separated by colons, or "::" for zeros.');
  }
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return bad(`"${group}" is not a group of one to four hex digits.`);
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return { version: 6, value };
};

/** Turns an IPv4-mapped IPv6 value into its IPv4 value. */
const unmap = (parsed: { version: IpVersion; value: bigint }): { version: IpVersion; value: bigint } =>
  parsed.version === 6 && parsed.value >> 32n === 0xffffn ? { version: 4, value: parsed.value & 0xffffffffn } : parsed;

const formatIpv4 = (value: bigint): string => [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');

/** RFC 5952: lower case, no leading zeros, the longest run of two or more zero groups (the first if tied) as "::". */
const formatIpv6 = (value: bigint): string => {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
};

export const formatIpAddress = (version: IpVersion, value: bigint): string => (version === 4 ? formatIpv4(value) : formatIpv6(value));

const parseBare = (text: string): Parsed => (text.includes(':') ? parseIpv6(text) : parseIpv4(text));

/** A client's address as the server sees it: IPv4, IPv6, or IPv4-mapped IPv6 (read as IPv4). */
export const parseIpAddress = (text: string): { version: IpVersion; value: bigint } | undefined => {
  const parsed = parseBare(text.trim());
  return 'error' in parsed ? undefined : unmap(parsed);
};

/**
 * An allow-list entry: an address ('203.0.113.7', '2001:db8::1') or a CIDR range ('10.0.0.0/8', '2001:db8::/32'),
 * with a message that names what is wrong when it is neither. A range must name its network (no bits set after the
 * prefix): '10.0.0.1/8' is refused with the range it probably means, rather than silently widened.
 */
export const parseIpRange = (input: string): IpParseResult => {
  const text = input.trim();
  if (text === '') return fail('Enter an IP address such as 203.0.113.7, or a range such as 10.0.0.0/8 or 2001:db8::/32.');
  if (text.length > IP_ENTRY_MAX_LENGTH) return fail(`An IP address or range is at most ${IP_ENTRY_MAX_LENGTH} characters.`);
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const parsed = parseBare(addressText);
  if ('error' in parsed) return fail(parsed.error);
  let prefix = BITS[parsed.version];
  if (slash >= 0) {
    const prefixText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > BITS[parsed.version]) {
      return fail(`"${text}": the prefix after "/" is a number from 0 to ${BITS[parsed.version]} for an IPv${parsed.version} range.`);
    }
    prefix = Number(prefixText);
  }
  let { version, value } = parsed;
  // A range inside ::ffff:0:0/96 is the IPv4 range it maps.
  if (version === 6 && value >> 32n === 0xffffn && prefix >= 96) {
    version = 4;
    value &= 0xffffffffn;
    prefix -= 96;
  }
  const bits = BigInt(BITS[version]);
  const hostBits = bits - BigInt(prefix);
  const mask = ((1n << bits) - 1n) ^ ((1n << hostBits) - 1n);
  const network = value & mask;
  if (network !== value) {
    const meant = `${formatIpAddress(version, network)}/${prefix}`;
    return fail(`"${text}" is not the start of its range: a /${prefix} range starts at ${meant}. Enter ${meant}, or the single address.`);
  }
  const address = formatIpAddress(version, network);
  return { ok: true, range: { version, network, prefix, canonical: prefix === BITS[version] ? address : `${address}/${prefix}` } };
};

/** Whether a range holds an address (both already unmapped: versions must agree). */
export const rangeContains = (
  range: Pick<IpRange, 'version' | 'network' | 'prefix'>,
  address: { version: IpVersion; value: bigint },
): boolean => {
  if (range.version !== address.version) return false;
  const hostBits = BigInt(BITS[range.version] - range.prefix);
  return address.value >> hostBits === range.network >> hostBits;
};

/**
 * Whether a sign-in from `address` is allowed by any of the entries (their texts as stored). An address that cannot
 * be read is not allowed; an entry that cannot be read allows nothing. The caller decides what an empty list means
 * (at sign-in: no restriction).
 */
export const isAddressAllowed = (address: string, list: readonly string[]): boolean => {
  const client = parseIpAddress(address);
  if (!client) return false;
  return list.some((entry) => {
    const parsed = parseIpRange(entry);
    return parsed.ok && rangeContains(parsed.range, client);
  });
};
