import { isIPv4, isIPv6 } from 'node:net';

/** The 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const part = (piece: string) =>
    piece === '' ? [] : piece.split(':').map((g) => Number.parseInt(g, 16));
  const front = part(head);
  const back = rest === undefined ? [] : part(rest);
  const missing = 8 - front.length - back.length;
  return [...front, ...Array.from({ length: rest === undefined ? 0 : missing }, () => 0), ...back];
}

/**
 * The network an address belongs to, never the address itself: the /24 of an IPv4 address
 * (`203.0.113.0/24`), the /48 of an IPv6 one (`2001:db8:1::/48`); an IPv4 address written as
 * IPv6 (`::ffff:203.0.113.7`) is taken as IPv4. Null for anything that is not an address.
 */
export function networkPrefix(address: string): string | null {
  if (isIPv4(address)) {
    const [a, b, c] = address.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const high = groups[6] ?? 0;
    const low = groups[7] ?? 0;
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  const [a = 0, b = 0, c = 0] = groups;
  return `${a.toString(16)}:${b.toString(16)}:${c.toString(16)}::/48`;
}
