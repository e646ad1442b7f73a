import { sanitizeImageSource, sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { sanitizeRichText } from '../../../schemas/rich-text/sanitize-server';
import { badInput } from '../errors';

/** Text of votes and players, cleaned on every write (reliability.md rule 5): titles plain, descriptions rich, pictures our own uploads. */
export function cleanTitle(title: string, what = '标题'): string {
  const clean = sanitizePlainText(title).trim();
  if (!clean) throw badInput(`请输入${what}`, 'title');
  return clean;
}
export const cleanRich = (html: string): string => (html ? sanitizeRichText(html) : '');
export const cleanImages = (urls: readonly string[]): string[] => urls.map(sanitizeImageSource).filter(Boolean);
export const cleanImage = (url: string): string => sanitizeImageSource(url);
/** A video or audio link: http(s) or our own upload, else nothing. */
export const cleanMediaUrl = (url: string): string => {
  const clean = /^(https?:\/\/|\/uploads\/)[^\s"'<>]+$/i.test(url.trim()) ? url.trim() : '';
  // An uploaded file is kept by its address: a signed view link handed to a voter (?t=…) expires, the file does not.
  return clean.startsWith('/uploads/') ? clean.replace(/[?#].*$/, '') : clean;
};

/** The window, checked: the end after the start. */
export function windowOf(startTime: string | null | undefined, endTime: string | null | undefined): { start: Date | null; end: Date | null } {
  const start = startTime ? new Date(startTime) : null;
  const end = endTime ? new Date(endTime) : null;
  if (start && end && end.getTime() <= start.getTime()) throw badInput('结束时间须晚于开始时间', 'endTime');
  return { start, end };
}
