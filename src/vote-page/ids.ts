// Ids the page makes itself: a ballot id per tap (the server counts a retried ballot once) and a device id kept
// in localStorage (the server's per-device checks and suspect flags read it). crypto.randomUUID is newer than
// iOS 14, so both come from getRandomValues.
const hex = (bytes: Uint8Array) => Array.prototype.map.call(bytes, (b: number) => (b < 16 ? '0' : '') + b.toString(16)).join('');

export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const DEVICE_KEY = 'wj_vote_device';

export function deviceId(): string {
  try {
    const saved = localStorage.getItem(DEVICE_KEY);
    if (saved) return saved;
    const made = randomId();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return randomId();
  }
}

const fnv = (text: string, seed: number) => {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
};

/**
 * A short hash of what this browser shows of itself (user agent, languages, screen, pixel ratio, time zone): the
 * same browser with its storage cleared, or a private window of it, gives the same one. A suspicion signal sent
 * with each ballot (many voters from one address and one fingerprint are flagged 可疑), never an identity.
 */
export function browserFingerprint(): string {
  let zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    zone = String(new Date().getTimezoneOffset());
  }
  const parts = [navigator.userAgent, navigator.language, (navigator.languages ?? []).join(','), `${screen.width}x${screen.height}x${screen.colorDepth}`];
  const text = [...parts, String(window.devicePixelRatio), zone].join('|');
  return fnv(text, 0x811c9dc5) + fnv(text, 0x01234567);
}
