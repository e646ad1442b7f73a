import type { Query } from '../../db/client';
import { hmac, safeEqual } from '../crypto';
import type { AuthUser } from '../access/sessions.service';

/** How long the address an upload hands back to its respondent opens the file (their page shows it while answering). */
export const RESPONDENT_VIEW_MS = 2 * 3_600_000;

export interface StoredUpload {
  name: string;
  kind: 'image' | 'answer' | 'media';
  mime: string;
  original_name: string;
  project_id: number | null;
  user_id: number | null;
}

export const findUpload = async (query: Query, name: string): Promise<StoredUpload | null> =>
  (await query<StoredUpload>('SELECT name, kind, mime, original_name, project_id, user_id FROM uploads WHERE name = $1', [name]))[0] ?? null;

/** `<expiry ms, base 36>.<mac>`: opens one file until it expires, for whoever holds it (the respondent who uploaded it). */
export function signView(secret: string, name: string, now: Date): string {
  const expires = (now.getTime() + RESPONDENT_VIEW_MS).toString(36);
  return `${expires}.${hmac(secret, `upload-view:${name}:${expires}`).slice(0, 32)}`;
}

export function viewAllowed(secret: string, name: string, token: string, now: Date): boolean {
  const [expires, mac] = token.split('.');
  if (!expires || !mac || !/^[0-9a-z]{1,12}$/.test(expires)) return false;
  if (!safeEqual(mac, hmac(secret, `upload-view:${name}:${expires}`).slice(0, 32))) return false;
  return parseInt(expires, 36) > now.getTime();
}

export const viewUrl = (secret: string, name: string, now: Date) => `/uploads/${name}?t=${signView(secret, name, now)}`;

/**
 * May this user open a respondent's file: any power on its project (manage, edit or view), the project not in
 * the bin. Creators' images are public and never come here.
 */
export async function memberMayView(query: Query, user: AuthUser, projectId: number): Promise<boolean> {
  const rows = await query(
    `SELECT 1 FROM projects p WHERE p.id = $1 AND p.deleted_at IS NULL
       AND (p.owner_id = $2 OR EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = p.id AND m.user_id = $2))`,
    [projectId, user.id],
  );
  return rows.length === 1;
}
