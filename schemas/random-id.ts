/**
 * Random ids and copies that run on every phone page: `crypto.randomUUID` needs Safari 15.4 and a secure
 * context (a self-hosted server on a LAN over plain http has none), `structuredClone` Safari 15.4;
 * `crypto.getRandomValues` and JSON are everywhere.
 */

/** A random id in the uuid v4 shape. */
export function randomUuid(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.prototype.map.call(bytes, (b: number) => (b + 0x100).toString(16).slice(1)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A deep copy of plain JSON data (subjects, drafts). */
export const cloneJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
