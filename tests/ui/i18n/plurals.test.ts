import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { projectsEn } from '../../../src/features/projects/projects-messages.en';
import { projectsZhCN } from '../../../src/features/projects/projects-messages.zh-CN';
import { releaseEn } from '../../../src/features/release/release-messages.en';
import { releaseZhCN } from '../../../src/features/release/release-messages.zh-CN';
import { reportEn } from '../../../src/features/report/report-messages.en';
import { reportZhCN } from '../../../src/features/report/report-messages.zh-CN';
import { en } from '../../../src/i18n/en';
import { zhCN } from '../../../src/i18n/zh-CN';

// Issue 17 item 7: English said "1 responses".
async function translator(lng: 'en' | 'zh-CN') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: {
      en: { translation: en, projects: projectsEn, release: releaseEn, report: reportEn },
      'zh-CN': { translation: zhCN, projects: projectsZhCN, release: releaseZhCN, report: reportZhCN },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('response counts read right in both languages', () => {
  it('English: one response, many responses', async () => {
    const t = await translator('en');
    expect(t('records.answers', { count: 1 })).toBe('1 response');
    expect(t('records.answers', { count: 3 })).toBe('3 responses');
    expect(t('records.entries', { count: 1 })).toBe('1 sign-up');
    expect(t('records.orders', { count: 2 })).toBe('2 orders');
    expect(t('data', { ns: 'release', records: t('records.answers', { count: 1 }) })).toBe('1 response collected');
    expect(t('total', { ns: 'report', count: 1 })).toBe('1 valid response');
    expect(t('total', { ns: 'report', count: 0 })).toBe('0 valid responses');
  });

  it('Chinese keeps one form', async () => {
    const t = await translator('zh-CN');
    expect(t('records.data', { count: 1 })).toBe('1 份数据');
    expect(t('records.entries', { count: 5 })).toBe('5 条接龙');
    expect(t('records.checkIns', { count: 3 })).toBe('3 次打卡');
    expect(t('records.bookings', { count: 2 })).toBe('2 个预约');
    expect(t('total', { ns: 'report', count: 1 })).toBe('有效答卷 1 份');
  });
});
