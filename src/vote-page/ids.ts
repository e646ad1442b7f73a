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
