import type { TWorkKind } from './project-kinds';

/** The three brands served from one deployment (spec §1, architecture.md "Brands"). */
export type TBrandId = 'wenjuan' | 'toupiao' | 'jielong';

export interface TBrand {
  id: TBrandId;
  name: string;
  slogan: string;
  apiBase: string;
  appletSource: 1 | 7;
  coinName: string;
  /** Preview host prefix per project type: survey, exam, form, solitaire/online, appointment (spec §9). */
  previewHosts: Record<'survey' | 'exam' | 'form' | 'solitaire' | 'appoint', string>;
  /** The kinds the brand is for: the workbench and its menu put them first (none: the table's order, every kind alike). */
  leadKinds: readonly TWorkKind[];
}

const previewHosts = (id: string): TBrand['previewHosts'] => ({
  survey: `survey.${id}`,
  exam: `exam.${id}`,
  form: `form.${id}`,
  solitaire: `jielong.${id}`,
  appoint: `yuyue.${id}`,
});

export const BRANDS: Record<TBrandId, TBrand> = {
  wenjuan: {
    id: 'wenjuan',
    name: '问卷通',
    slogan: '问卷通 - 免费的问卷调查、考试、表单与投票创建平台',
    apiBase: '/api/',
    appletSource: 1,
    coinName: '问卷币',
    previewHosts: previewHosts('wenjuan'),
    leadKinds: [],
  },
  toupiao: {
    id: 'toupiao',
    name: '投票通',
    slogan: '投票通 - 免费的在线投票、评选与问卷制作平台',
    apiBase: '/api/',
    appletSource: 1,
    coinName: '金币',
    previewHosts: previewHosts('toupiao'),
    leadKinds: ['voting'],
  },
  jielong: {
    id: 'jielong',
    name: '接龙通',
    slogan: '接龙通 - 免费的接龙报名、团购收款与预约平台',
    apiBase: '/api/',
    appletSource: 7,
    coinName: '金币',
    previewHosts: previewHosts('jielong'),
    leadKinds: ['solitaire', 'online', 'appoint'],
  },
};

export const DEFAULT_BRAND: TBrandId = 'wenjuan';
export const BRAND_IDS = Object.keys(BRANDS) as TBrandId[];

/** A brand by the id a row stored (an order's, a release's); the default brand for an id we do not know. */
export const brandById = (id: string): TBrand => (BRAND_IDS.includes(id as TBrandId) ? BRANDS[id as TBrandId] : BRANDS[DEFAULT_BRAND]);

/**
 * Host name → brand. `<brandId>.localhost` (or any host whose first label, or a label, is a brand id)
 * picks that brand; anything else is the default brand.
 */
export function brandFromHost(host: string | undefined | null): TBrand {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const labels = name.split('.');
  const hit = BRAND_IDS.find((id) => labels.includes(id));
  return BRANDS[hit ?? DEFAULT_BRAND];
}

/** Page title: route title plus brand name; the home page uses the slogan (spec §1). */
export function pageTitle(brand: TBrand, routeTitle?: string): string {
  return routeTitle ? `${routeTitle} - ${brand.name}` : brand.slogan;
}
