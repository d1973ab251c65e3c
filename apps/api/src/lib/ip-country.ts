import { createReadStream } from 'node:fs';
import { ConfigError } from '../config.ts';

/**
 * The country of an address, from a file the operator provides (GEOIP_COUNTRY_FILE): rows of
 * `ip_range_start,ip_range_end,country_code`, inclusive ranges in dotted IPv4 or colon IPv6
 * form and an ISO 3166-1 alpha-2 code, as in DB-IP's "IP to Country Lite" CSV and the country
 * CSVs of ip-location-db. Nothing is looked up over the network.
 *
 * The file is read once at start, line by line, into typed arrays: an IPv4 address is one
 * uint32, an IPv6 one four uint32 words (most significant first), a country two letters in a
 * uint16. Rows may come in any order (they are sorted once when they do not). Ranges may
 * overlap, as ip-location-db's do where a network's more precise entry sits inside a wider
 * one: the range that starts last wins (of the same start, the shortest; of identical ones,
 * the later line), so the inner range wins inside it and the outer one goes on after it. The
 * ranges are then made disjoint once, and a lookup is a binary search. `ZZ` (DB-IP's "unknown
 * or reserved") is no country: such rows are left out.
 */
export interface IpCountryTable {
  /** The upper-case country code, or null for an address in no range or not an address. */
  countryOf(ip: string): string | null;
  /** Disjoint ranges kept: overlaps resolved, neighbours of the same country joined. */
  readonly ipv4Ranges: number;
  readonly ipv6Ranges: number;
}

const variable = 'GEOIP_COUNTRY_FILE';
/** `ZZ`, packed as the countries are. */
const unknownCountry = (90 << 8) | 90;

const fail = (message: string) =>
  new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);

/**
 * Dotted IPv4 (`203.0.113.7`) at `text[from…to)` as an unsigned 32-bit number; -1 when it is
 * not one.
 */
export function parseIpv4(text: string, from = 0, to = text.length): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (digits === 0) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
      if (dots > 3) return -1;
    } else if (code >= 48 && code <= 57) {
      part = part * 10 + (code - 48);
      digits += 1;
      if (digits > 3 || part > 255) return -1;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + part;
}

/** The value of a hexadecimal digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** The 16-bit groups of the address being read (reused: reading allocates nothing). */
const groups = new Uint16Array(8);

/**
 * Colon IPv6 (`2001:db8::1`, `::ffff:192.0.2.1`) at `text[from…to)` into four 32-bit words at
 * `out[at…at+3]`, most significant first; false when it is not one (nothing useful is written
 * then).
 */
export function parseIpv6(
  text: string,
  out: Uint32Array,
  at: number,
  from = 0,
  to = text.length,
): boolean {
  if (to - from < 2 || to - from > 45) return false;
  let count = 0;
  /** How many groups stood before `::`, or -1 without one. */
  let gap = -1;
  let index = from;
  if (text.charCodeAt(from) === 58) {
    if (text.charCodeAt(from + 1) !== 58) return false;
    gap = 0;
    index = from + 2;
  }
  while (index < to) {
    const groupStart = index;
    let value = 0;
    let digits = 0;
    for (; index < to && digits <= 4; index += 1) {
      const digit = hexValue(text.charCodeAt(index));
      if (digit < 0) break;
      value = value * 16 + digit;
      digits += 1;
    }
    if (index < to && text.charCodeAt(index) === 46) {
      // A dotted IPv4 tail: the last two groups.
      const ipv4 = parseIpv4(text, groupStart, to);
      if (ipv4 < 0 || count > 6) return false;
      groups[count] = ipv4 >>> 16;
      groups[count + 1] = ipv4 & 0xffff;
      count += 2;
      break;
    }
    if (digits === 0 || digits > 4 || count === 8) return false;
    groups[count] = value;
    count += 1;
    if (index === to) break;
    if (text.charCodeAt(index) !== 58) return false;
    index += 1;
    if (index < to && text.charCodeAt(index) === 58) {
      if (gap >= 0) return false;
      gap = count;
      index += 1;
    } else if (index === to) {
      return false;
    }
  }
  if (gap < 0 ? count !== 8 : count > 7) return false;
  if (gap >= 0) {
    const moved = count - gap;
    groups.copyWithin(8 - moved, gap, count);
    groups.fill(0, gap, 8 - moved);
  }
  for (let word = 0; word < 4; word += 1) {
    out[at + word] = (((groups[word * 2] ?? 0) << 16) | (groups[word * 2 + 1] ?? 0)) >>> 0;
  }
  return true;
}

/**
 * Compares the addresses of `width` words (1: IPv4, 4: IPv6, most significant first) at
 * `a[i…]` and `b[j…]`.
 */
function compareAt(a: Uint32Array, i: number, b: Uint32Array, j: number, width: number): number {
  for (let word = 0; word < width; word += 1) {
    const x = a[i + word] ?? 0;
    const y = b[j + word] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Writes the address at `from[j…]` plus `step` (1 or -1) to `to[i…]`; false when that
 * wraps around (past the last address, or before the first).
 */
function stepAt(
  to: Uint32Array,
  i: number,
  from: Uint32Array,
  j: number,
  width: number,
  step: 1 | -1,
): boolean {
  let carry: number = step;
  for (let word = width - 1; word >= 0; word -= 1) {
    const value = (from[j + word] ?? 0) + carry;
    to[i + word] = value >>> 0;
    carry = value > 0xffffffff ? 1 : value < 0 ? -1 : 0;
  }
  return carry === 0;
}

const unpackCountry = (packed: number) => String.fromCharCode(packed >> 8, packed & 0xff);

/** A typed array that doubles as rows arrive. */
class Column<T extends Uint32Array | Uint16Array> {
  length = 0;
  constructor(
    public values: T,
    private readonly make: (size: number) => T,
  ) {}
  reserve(count: number): number {
    const at = this.length;
    if (at + count > this.values.length) {
      const grown = this.make(Math.max(this.values.length * 2, at + count));
      grown.set(this.values);
      this.values = grown;
    }
    this.length += count;
    return at;
  }
}

const u32 = (size: number) => new Uint32Array(size);
const u16 = (size: number) => new Uint16Array(size);

/** One address family's rows while the file is read. */
interface Family {
  /** 1 for IPv4, 4 for IPv6: uint32 words per address. */
  width: number;
  starts: Column<Uint32Array>;
  ends: Column<Uint32Array>;
  countries: Column<Uint16Array>;
  /** Whether the rows so far come by start, and by end from the last of the same start. */
  inOrder: boolean;
}

const family = (width: number): Family => ({
  width,
  starts: new Column(u32(1 << 14), u32),
  ends: new Column(u32(1 << 14), u32),
  countries: new Column(u16(1 << 12), u16),
  inOrder: true,
});

/** The disjoint ranges of one family, by start: what lookups search. */
interface Ranges {
  width: number;
  starts: Uint32Array;
  ends: Uint32Array;
  countries: Uint16Array;
  count: number;
}

/** A header such as `ip_range_start,ip_range_end,country_code` on the first line. */
const isHeader = (line: string) =>
  line.split(',').every((part) => /^"?[A-Za-z_ ]+"?$/.test(part.trim()));

/**
 * Where the three fields of the line `text[from…to)` lie, blanks and one pair of double quotes
 * around each taken off: `[start, end)` of each in `fields`; false unless there are three.
 */
function splitRow(text: string, from: number, to: number, fields: Int32Array): boolean {
  let start = from;
  for (let index = 0; index < 3; index += 1) {
    let comma = text.indexOf(',', start);
    if (comma === -1 || comma >= to) comma = to;
    if ((comma === to) !== (index === 2)) return false;
    let first = start;
    let end = comma;
    while (first < end && text.charCodeAt(first) <= 32) first += 1;
    while (end > first && text.charCodeAt(end - 1) <= 32) end -= 1;
    if (end - first >= 2 && text.charCodeAt(first) === 34 && text.charCodeAt(end - 1) === 34) {
      first += 1;
      end -= 1;
    }
    fields[index * 2] = first;
    fields[index * 2 + 1] = end;
    start = comma + 1;
  }
  return true;
}

/** An ASCII letter's upper-case code, or -1. */
function upperLetter(code: number): number {
  if (code >= 65 && code <= 90) return code;
  if (code >= 97 && code <= 122) return code - 32;
  return -1;
}

/**
 * Reads the file; a file that cannot be read, or a row that is not three fields of a start,
 * an end (same family, not before the start) and a two-letter country, stops the start with a
 * message naming the file (and the line).
 */
export async function loadIpCountryFile(file: string): Promise<IpCountryTable> {
  const v4 = family(1);
  const v6 = family(4);
  const scratch = new Uint32Array(8);
  let lineNumber = 0;

  const fields = new Int32Array(6);
  /** The error of a field of the current line, quoting it. */
  const rowError = (text: string, at: Int32Array, index: number, reason: string) =>
    fail(`${file} line ${lineNumber}: "${text.slice(at[index * 2], at[index * 2 + 1])}" ${reason}`);

  /** Reads the line `text[from…to)` (its end of line left out) into its family's rows. */
  const addRow = (text: string, lineFrom: number, lineTo: number) => {
    lineNumber += 1;
    let from = lineFrom;
    let to = lineTo;
    if (to > from && text.charCodeAt(to - 1) === 13) to -= 1;
    if (lineNumber === 1 && text.charCodeAt(from) === 0xfeff) from += 1;
    while (from < to && text.charCodeAt(from) <= 32) from += 1;
    if (from === to) return;
    if (lineNumber === 1 && isHeader(text.slice(from, to))) return;
    if (!splitRow(text, from, to, fields)) {
      const found = text.slice(from, to).split(',').length;
      throw fail(
        `${file} line ${lineNumber}: expected ip_range_start,ip_range_end,country_code, found ${found} field(s)`,
      );
    }
    const startFrom = fields[0] ?? 0;
    const startTo = fields[1] ?? 0;
    const endFrom = fields[2] ?? 0;
    const endTo = fields[3] ?? 0;
    const countryFrom = fields[4] ?? 0;
    const countryTo = fields[5] ?? 0;
    const high = upperLetter(text.charCodeAt(countryFrom));
    const low = upperLetter(text.charCodeAt(countryFrom + 1));
    if (countryTo - countryFrom !== 2 || high < 0 || low < 0) {
      throw rowError(text, fields, 2, 'is not a two-letter country code');
    }
    const country = (high << 8) | low;
    const start4 = parseIpv4(text, startFrom, startTo);
    let target: Family;
    if (start4 >= 0) {
      const end4 = parseIpv4(text, endFrom, endTo);
      if (end4 < 0) {
        throw rowError(text, fields, 1, 'is not an IPv4 address like the start of its range');
      }
      if (end4 < start4) throw fail(`${file} line ${lineNumber}: the range ends before it starts`);
      scratch[0] = start4;
      scratch[4] = end4;
      target = v4;
    } else if (parseIpv6(text, scratch, 0, startFrom, startTo)) {
      if (!parseIpv6(text, scratch, 4, endFrom, endTo)) {
        throw rowError(text, fields, 1, 'is not an IPv6 address like the start of its range');
      }
      if (compareAt(scratch, 4, scratch, 0, 4) < 0) {
        throw fail(`${file} line ${lineNumber}: the range ends before it starts`);
      }
      target = v6;
    } else {
      throw rowError(text, fields, 0, 'is not an IPv4 or IPv6 address');
    }
    if (country === unknownCountry) return;
    const { width } = target;
    const at = target.starts.reserve(width);
    target.ends.reserve(width);
    for (let word = 0; word < width; word += 1) {
      target.starts.values[at + word] = scratch[word] ?? 0;
      target.ends.values[at + word] = scratch[4 + word] ?? 0;
    }
    const row = target.countries.reserve(1);
    target.countries.values[row] = country;
    if (row > 0 && target.inOrder) {
      const values = target.starts.values;
      const order = compareAt(values, at, values, at - width, width);
      if (
        order < 0 ||
        (order === 0 &&
          compareAt(target.ends.values, at, target.ends.values, at - width, width) > 0)
      ) {
        target.inOrder = false;
      }
    }
  };

  try {
    const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
    let rest = '';
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = rest + chunk;
      let from = 0;
      for (let end = text.indexOf('\n', from); end !== -1; end = text.indexOf('\n', from)) {
        addRow(text, from, end);
        from = end + 1;
      }
      rest = text.slice(from);
    }
    if (rest !== '') addRow(rest, 0, rest.length);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(`${file} cannot be read: ${reason}`);
  }

  return tableOf(settle(v4), settle(v6));
}

/** Lookups over the settled ranges (made apart from the reading, which it does not keep). */
function tableOf(ipv4: Ranges, ipv6: Ranges): IpCountryTable {
  const lookup = new Uint32Array(4);
  return {
    ipv4Ranges: ipv4.count,
    ipv6Ranges: ipv6.count,
    countryOf(ip) {
      const ipv4Value = parseIpv4(ip);
      if (ipv4Value >= 0) {
        lookup[0] = ipv4Value;
        return search(ipv4, lookup);
      }
      const percent = ip.indexOf('%');
      if (!parseIpv6(ip, lookup, 0, 0, percent === -1 ? ip.length : percent)) return null;
      // An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is looked up as IPv4.
      if (lookup[0] === 0 && lookup[1] === 0 && lookup[2] === 0xffff) {
        lookup[0] = lookup[3] ?? 0;
        return search(ipv4, lookup);
      }
      return search(ipv6, lookup);
    },
  };
}

/**
 * The family's ranges made disjoint: where ranges overlap, the one that starts last wins, of
 * those with the same start the shortest, of identical ones the later line. A range inside
 * another (a network's more precise entry) wins inside it, and the outer one goes on after it.
 * Neighbours of the same country are joined.
 */
function settle(rows: Family): Ranges {
  const { width } = rows;
  const count = rows.countries.length;
  const starts = rows.starts.values;
  const ends = rows.ends.values;
  const countries = rows.countries.values;
  let order: Int32Array | null = null;
  if (!rows.inOrder) {
    // Array.prototype.sort is stable: identical ranges stay in the file's order.
    const sorted = Array.from({ length: count }, (_, index) => index).sort(
      (a, b) =>
        compareAt(starts, a * width, starts, b * width, width) ||
        compareAt(ends, b * width, ends, a * width, width),
    );
    order = Int32Array.from(sorted);
  }
  // Each range can split the one around it in two: at most 2n − 1 pieces.
  const pieces = Math.max(2 * count - 1, 0);
  const outStarts = new Uint32Array(pieces * width);
  const outEnds = new Uint32Array(pieces * width);
  const outCountries = new Uint16Array(pieces);
  let kept = 0;
  /** Ranges that began and may still cover `cursor`; the last pushed wins. */
  const stack = new Int32Array(count);
  let depth = 0;
  /** The first address not given a country yet. */
  const cursor = new Uint32Array(width);
  /** The cursor went past the last address. */
  let exhausted = false;
  const pieceEnd = new Uint32Array(width);

  const next = new Uint32Array(width);
  const beforeLimit = new Uint32Array(width);

  /** Gives `[cursor, pieceEnd]` to the country, joined to the piece before when it can. */
  const give = (country: number) => {
    const joins =
      kept > 0 &&
      outCountries[kept - 1] === country &&
      stepAt(next, 0, outEnds, (kept - 1) * width, width, 1) &&
      compareAt(next, 0, cursor, 0, width) === 0;
    if (!joins) {
      for (let word = 0; word < width; word += 1)
        outStarts[kept * width + word] = cursor[word] ?? 0;
      outCountries[kept] = country;
      kept += 1;
    }
    for (let word = 0; word < width; word += 1) {
      outEnds[(kept - 1) * width + word] = pieceEnd[word] ?? 0;
    }
    exhausted = !stepAt(cursor, 0, pieceEnd, 0, width, 1);
  };

  /**
   * Gives the addresses from the cursor to just before the start at `starts[limit…]` (to the
   * end when null) to the ranges on the stack, the last pushed first.
   */
  const drain = (limit: number | null) => {
    if (limit !== null) {
      if (compareAt(starts, limit, cursor, 0, width) <= 0) return;
      stepAt(beforeLimit, 0, starts, limit, width, -1);
    }
    while (depth > 0 && !exhausted) {
      const top = stack[depth - 1] ?? 0;
      const topEnd = top * width;
      if (compareAt(ends, topEnd, cursor, 0, width) < 0) {
        depth -= 1;
        continue;
      }
      const cut = limit !== null && compareAt(beforeLimit, 0, ends, topEnd, width) < 0;
      for (let word = 0; word < width; word += 1) {
        pieceEnd[word] = cut ? (beforeLimit[word] ?? 0) : (ends[topEnd + word] ?? 0);
      }
      give(countries[top] ?? 0);
      if (cut) return;
      depth -= 1;
    }
  };

  for (let index = 0; index < count; index += 1) {
    const row = order ? (order[index] ?? 0) : index;
    drain(row * width);
    for (let word = 0; word < width; word += 1) cursor[word] = starts[row * width + word] ?? 0;
    exhausted = false;
    stack[depth] = row;
    depth += 1;
  }
  drain(null);
  return {
    width,
    starts: outStarts.slice(0, kept * width),
    ends: outEnds.slice(0, kept * width),
    countries: outCountries.slice(0, kept),
    count: kept,
  };
}

/** The country of the last range starting at or before the address, if it reaches it. */
function search(ranges: Ranges, address: Uint32Array): string | null {
  const { width, starts, ends, countries } = ranges;
  let low = 0;
  let high = ranges.count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compareAt(starts, middle * width, address, 0, width) <= 0) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (found < 0 || compareAt(address, 0, ends, found * width, width) > 0) return null;
  return unpackCountry(countries[found] ?? 0);
}
