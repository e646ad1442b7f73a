import type { TAiKindName } from '../../schemas/ai/kinds';

/** What a well-behaved model answers for each kind (the JSON shape of schemas/ai/model-draft.ts). */
export const MODEL_ANSWERS: Record<TAiKindName, { title: string; subtitle: string; subjects: Record<string, unknown>[] }> = {
  question: {
    title: '员工满意度调查',
    subtitle: '感谢您抽出时间参与本次调查',
    subjects: [
      { type: 'single', title: '您在公司工作了多久？', options: ['1年以内', '1-3年', '3-5年', '5年以上'] },
      { type: 'multiple', title: '您最看重哪些福利？', options: ['五险一金', '带薪年假', '餐补', '其他'] },
      { type: 'matrixScale', title: '请评价以下方面', rows: ['薪酬', '晋升', '团队氛围'] },
      { type: 'nps', title: '您有多大可能向朋友推荐我们公司？' },
      { type: 'textarea', title: '您对公司还有什么建议？', required: false },
    ],
  },
  exam: {
    title: '安全生产知识考试',
    subtitle: '单选和判断，每题5分',
    subjects: [
      { type: 'single', title: '发现火情首先应该？', options: ['报警', '逃跑', '拍照'], correct: [0], score: 5, analysis: '先报警。' },
      { type: 'single', title: '安全帽可以不系下颌带。', options: ['正确', '错误'], correct: [1], score: 5 },
      { type: 'multiple', title: '以下哪些是劳保用品？', options: ['安全帽', '手套', '拖鞋'], correct: [0, 1], score: 10 },
    ],
  },
  receivePayment: {
    title: '班级活动费收款',
    subtitle: '每人100元',
    subjects: [
      { type: 'product', title: '活动费', items: [{ name: '班级活动费', price: 100 }] },
      { type: 'text', title: '孩子姓名' },
      { type: 'mobile', title: '家长手机号' },
    ],
  },
  reservation: {
    title: '口腔诊所预约挂号',
    subtitle: '请选择就诊时段',
    subjects: [
      { type: 'text', title: '姓名' },
      {
        type: 'appointment',
        title: '就诊时段',
        slots: [
          { start: '09:00', end: '11:00' },
          { start: '14:00', end: '17:00' },
        ],
        weekdays: [1, 2, 3, 4, 5, 6],
      },
      { type: 'textarea', title: '症状描述' },
    ],
  },
  registrationForm: {
    title: '周末亲子活动报名',
    subtitle: '请如实填写家长和孩子信息',
    subjects: [
      { type: 'multiBlank', title: '家长信息', blanks: ['姓名', '手机号'] },
      { type: 'text', title: '孩子姓名' },
      { type: 'number', title: '孩子年龄' },
      { type: 'region', title: '所在地区' },
    ],
  },
  solitaire: {
    title: '家长会参会反馈接龙',
    subtitle: '请各位家长接龙反馈',
    subjects: [
      { type: 'text', title: '孩子姓名' },
      { type: 'single', title: '是否参会', options: ['参加', '不参加'] },
    ],
  },
};

/** The answer as the model streams it: JSON text cut into small pieces (split inside strings and objects). */
export function chunked(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
