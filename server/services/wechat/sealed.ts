import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets users give us for their WeChat accounts (a pay API key) are kept sealed with the app secret (AES-256-GCM),
 * so a database dump alone does not hand them out; answers show only the last four characters (masked).
 */
const keyOf = (secret: string, purpose: string) => createHash('sha256').update(`${purpose}:${secret}`).digest();

/** What a sealed text is for (its own key): the WeChat authorizer's secrets by default; the task centre's taskId (issue 51). */
export type SealPurpose = 'wechat-authorizer' | 'task-id';

export function seal(secret: string, plain: string, purpose: SealPurpose = 'wechat-authorizer'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The sealed text, or null when it was sealed with another secret or is damaged. */
export function unseal(secret: string, sealed: string, purpose: SealPurpose = 'wechat-authorizer'): string | null {
  if (!sealed.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `****` and the last four characters. */
export const masked = (plain: string | null): string | null => (plain ? `****${plain.slice(-4)}` : null);
