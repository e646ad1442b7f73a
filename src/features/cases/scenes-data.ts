/** 应用场景 (issue 48 item 2): per industry, a line on what it runs here and the project kinds that fit. */
import type { TWorkKind } from '../../../schemas/project-kinds';
import type { TIndustry } from './cases-data';

export interface TScene {
  industry: TIndustry;
  /** The section's anchor on /scene.html. */
  anchor: string;
  intro: string;
  kinds: TWorkKind[];
}

export const SCENES: readonly TScene[] = [
  {
    industry: '教育',
    anchor: 'education',
    intro: '考试测验、课堂签到、阅读打卡、家长会接龙和兴趣班缴费，覆盖一个学期的常见工作。',
    kinds: ['exam', 'form', 'solitaire', 'online', 'questionnaire'],
  },
  {
    industry: '企业',
    anchor: 'company',
    intro: '员工调研、入职登记、培训考试和内部评选，数据可导出，同事之间可协作编辑。',
    kinds: ['questionnaire', 'exam', 'form', 'voting', 'solitaire'],
  },
  {
    industry: '社区',
    anchor: 'community',
    intro: '团购接龙、志愿者招募、读书会报名和居民意见征集，都能在微信群里完成。',
    kinds: ['solitaire', 'form', 'voting', 'questionnaire'],
  },
  {
    industry: '医疗',
    anchor: 'medical',
    intro: '按时段放号的预约挂号、到店签到与就诊后回访，问卷不收集病历信息。',
    kinds: ['appoint', 'questionnaire', 'form'],
  },
  {
    industry: '零售',
    anchor: 'retail',
    intro: '新品投票、门店扫码点单收款、社区团购和顾客满意度回访。',
    kinds: ['online', 'voting', 'solitaire', 'questionnaire'],
  },
  { industry: '活动', anchor: 'events', intro: '报名与名额控制、付费报名、比赛投票和赛后反馈。', kinds: ['form', 'voting', 'solitaire', 'online'] },
];
