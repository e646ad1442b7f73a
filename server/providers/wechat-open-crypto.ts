import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { safeEqual } from '../services/crypto';

/**
 * WeChat's message encryption (消息加解密, the WXBizMsgCrypt scheme) for the pushes WeChat posts to a third-party
 * platform: AES-256-CBC with the 32-byte key decoded from the 43-character EncodingAESKey, the key's first 16
 * bytes as IV, PKCS#7 padding to 32-byte blocks; the plain text is 16 random bytes, the message's length (4 bytes,
 * big-endian), the message, then the platform's AppID. msg_signature is the SHA-1 of token, timestamp, nonce and
 * the cipher text, sorted and joined.
 */
const BLOCK = 32;

const keyOf = (encodingAesKey: string): Buffer => {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new Error('EncodingAESKey must decode to 32 bytes');
  return key;
};

export function msgSignature(token: string, timestamp: string, nonce: string, encrypted: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');
}

export function verifyMsgSignature(token: string, query: { timestamp: string; nonce: string; signature: string }, encrypted: string): boolean {
  return safeEqual(msgSignature(token, query.timestamp, query.nonce, encrypted), query.signature);
}

/** Encrypts a message as WeChat does (the fake WeChat server in the tests pushes with it). */
export function encryptMessage(encodingAesKey: string, appId: string, message: string): string {
  const key = keyOf(encodingAesKey);
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = Buffer.concat([randomBytes(16), length, body, Buffer.from(appId, 'utf8')]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString('base64');
}

/** The message inside, or null when it does not decrypt, is malformed or was meant for another AppID. */
export function decryptMessage(encodingAesKey: string, appId: string, encrypted: string): string | null {
  try {
    const key = keyOf(encodingAesKey);
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1] ?? 0;
    if (pad < 1 || pad > BLOCK || pad > padded.length) return null;
    const plain = padded.subarray(0, padded.length - pad);
    if (plain.length < 20) return null;
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    const from = plain.subarray(20 + length).toString('utf8');
    return from === appId ? plain.subarray(20, 20 + length).toString('utf8') : null;
  } catch {
    return null;
  }
}

/** The text of each flat element of a WeChat XML message (`<Name><![CDATA[value]]></Name>` or `<Name>value</Name>`). */
export function xmlFields(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of xml.matchAll(/<([A-Za-z_][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) fields[match[1]!] = match[2] ?? match[3] ?? '';
  return fields;
}

/** A flat XML message with each value in CDATA (how WeChat pushes). */
export function toXml(fields: Record<string, string>): string {
  return `<xml>${Object.entries(fields)
    .map(([name, value]) => `<${name}><![CDATA[${value}]]></${name}>`)
    .join('')}</xml>`;
}
