import { isIP } from 'node:net';

/** An address as bytes (4 for IPv4, 16 for IPv6), or null when it is not one. */
export function addressBytes(address: string): number[] | null {
  const family = isIP(address);
  if (family === 4) return address.split('.').map(Number);
  if (family !== 6) return null;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes its two hex words.
  const text = address
    .toLowerCase()
    .replace(/%.*$/, '')
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${(Number(a) * 256 + Number(b)).toString(16)}:${(Number(c) * 256 + Number(d)).toString(16)}`);
  const words = (part: string) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const [head, rest] = text.split('::') as [string, string | undefined];
  const h = words(head);
  const r = rest === undefined ? [] : words(rest);
  const groups = rest === undefined ? h : [...h, ...new Array<number>(8 - h.length - r.length).fill(0), ...r];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => [g >> 8, g & 255]);
}

/** Whether `bytes` lies in the range given as bytes and a prefix length. */
function within(bytes: number[], base: number[], bits: number): boolean {
  if (bytes.length !== base.length) return false;
  for (let i = 0; i < bits; i++) {
    const mask = 128 >> (i % 8);
    if ((bytes[i >> 3]! & mask) !== (base[i >> 3]! & mask)) return false;
  }
  return true;
}

/** A CIDR (or a bare address) as a matcher, or null when it is neither. */
export function cidrMatcher(entry: string): ((address: string) => boolean) | null {
  const [address, bits] = entry.replace(/^\[|\]$/g, '').split('/') as [string, string | undefined];
  const base = addressBytes(address);
  if (!base) return null;
  const size = base.length * 8;
  const n = bits === undefined ? size : Number(bits);
  if (!Number.isInteger(n) || n < 0 || n > size) return null;
  return (candidate) => {
    const b = addressBytes(candidate);
    return b !== null && within(b, base, n);
  };
}

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
];
const V4 = BLOCKED_V4.map(([a, n]) => [addressBytes(a)!, n] as const);
const V6 = BLOCKED_V6.map(([a, n]) => [addressBytes(a)!, n] as const);

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, NAT64 64:ff9b::/96). */
function embeddedV4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const mapped = zeros(0, 10) && bytes[10] === 255 && bytes[11] === 255;
  const compat = zeros(0, 12) && !zeros(12, 16);
  const nat64 = bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12);
  return mapped || (compat && !(zeros(12, 15) && bytes[15]! <= 1)) || nat64 ? bytes.slice(12) : null;
}

/** Loopback, private, link-local (cloud metadata), shared, reserved or multicast: never a webhook's receiver. */
export function isBlockedAddress(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return true;
  if (bytes.length === 4) return V4.some(([base, n]) => within(bytes, base, n));
  const v4 = embeddedV4(bytes);
  if (v4) return V4.some(([base, n]) => within(v4, base, n));
  return V6.some(([base, n]) => within(bytes, base, n));
}
