import { BRANDS, type TBrand } from '../../../schemas/brands';

/** Which preview host a project type is shared on (spec §9): survey, exam, form, solitaire/online, appointment. */
export function previewHostKey(questionType: number): keyof TBrand['previewHosts'] {
  if (questionType === 2) return 'exam';
  if (questionType === 4) return 'form';
  if (questionType === 5 || questionType === 6) return 'solitaire';
  if (questionType === 7) return 'appoint';
  return 'survey';
}

const isLocal = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]';

/**
 * The origin respondents open: the brand's preview host for the project type, under the domain the app runs
 * on ("www.wenjuan.cn" → "https://survey.wenjuan.cn"). On localhost, an IP or a host without the brand's label
 * it is the app's own origin, which serves /s/ and /x/ as well.
 */
export function shareOrigin(brand: TBrand, questionType: number, location: { protocol: string; hostname: string; port: string; origin: string }): string {
  const labels = location.hostname.toLowerCase().split('.');
  const at = labels.indexOf(brand.id);
  if (isLocal(location.hostname) || at < 0 || at === labels.length - 1) return location.origin;
  const suffix = labels.slice(at + 1).join('.');
  const host = `${brand.previewHosts[previewHostKey(questionType)]}.${suffix}`;
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}`;
}

export interface TShareLinks {
  link: string;
  short: string;
  qr: string;
  embed: string;
  preview: string;
}

/** `frameTitle` names the embedded frame for screen readers: the project's kind (问卷, 团购, 收款 …). */
export function shareLinks(origin: string, questionId: string, frameTitle = '问卷'): TShareLinks {
  const id = encodeURIComponent(questionId);
  const link = `${origin}/s/${id}`;
  return {
    link,
    short: `${origin}/x/${id}`,
    qr: `${link}?source=qr`,
    embed: `<iframe src="${link}?source=embed" width="100%" height="720" frameborder="0" style="border:0;max-width:760px" allow="geolocation" title="${frameTitle.replace(/["<>&]/g, '')}"></iframe>`,
    preview: `/s/${id}?preview=1`,
  };
}

export const defaultBrand = BRANDS.wenjuan;
