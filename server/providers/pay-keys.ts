import { X509Certificate, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Keys as the merchant consoles hand them out: PEM (PKCS#8, PKCS#1, SPKI, certificates) or, as Alipay's key
 * tool writes them, bare base64 DER without the armour lines.
 */
const base64Body = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

export function readPrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----')) return createPrivateKey(trimmed);
  const der = base64Body(trimmed);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

export function readPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('BEGIN CERTIFICATE')) return new X509Certificate(trimmed).publicKey;
  if (trimmed.startsWith('-----')) return createPublicKey(trimmed);
  const der = base64Body(trimmed);
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Every certificate in a PEM bundle by its serial number (upper-case hex, as Wechatpay-Serial writes it). */
export function certificatesBySerial(pem: string): Map<string, KeyObject> {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return new Map(
    blocks.map((block) => {
      const cert = new X509Certificate(block);
      return [cert.serialNumber.toUpperCase(), cert.publicKey] as const;
    }),
  );
}

/** A secret given inline (NAME) or as a file (NAME_FILE), the file winning, as Docker secrets are mounted. */
export function inlineOrFile(env: Record<string, unknown>, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (typeof file === 'string' && file) {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${name}_FILE cannot be read (${file}): ${(error as Error).message}`);
    }
  }
  const inline = env[name];
  return typeof inline === 'string' && inline ? inline.replace(/\\n/g, '\n') : undefined;
}
