import type { TQuestionType } from '../../../schemas/project-kinds';

/** Template categories (template_types rows) per project kind, in the order the library lists them. */
export const TEMPLATE_CATEGORIES: Readonly<Record<TQuestionType, readonly string[]>> = {
  1: ['满意度调查', '市场调研', '员工调查', '学术调查', '教学评估'],
  2: ['企业培训', '学校考试', '知识竞赛'],
  4: ['报名登记', '信息收集', '预约申请', '活动邀请'],
  5: ['报名接龙', '打卡接龙', '团购接龙'],
  6: ['活动收费', '商品售卖', '费用收缴'],
  7: ['医疗预约', '服务预约', '场地预约'],
};
