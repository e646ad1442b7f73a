import type { TQuotaKind } from '../../../schemas/money/catalog';

export interface TPackagePageCopy {
  /** The page's heading (the route title of spec §2). */
  title: string;
  intro: string;
  /** What the quota is used for and how it is taken, in the words a buyer needs before paying. */
  uses: (brandName: string) => string[];
  /** The figure's name in the summary: 剩余短信条数… */
  left: string;
}

/** The four /buy*.html pages: one page component, these words per kind. */
export const PACKAGE_PAGES: Record<TQuotaKind, TPackagePageCopy> = {
  ai: {
    title: '购买AI次数',
    intro: 'AI次数供AI功能使用，每用一次扣 1 次',
    left: '剩余AI次数',
    uses: () => [
      'AI 生成（问卷、考试、表单、接龙、收款、预约）每生成一次扣 1 次；AI 智能分析每回答一个问题扣 1 次',
      '由平台配置的 AI 模型回答时才扣次数；生成失败或超时的次数自动退回；未配置模型时由内置助手免费完成',
      '购买后次数长期有效，不随会员到期清零',
      '可用账户余额（可用优惠券）、微信支付或支付宝购买',
    ],
  },
  sms: {
    title: '购买短信条数',
    intro: '项目替你发给答题者的短信按条扣除',
    left: '剩余短信条数',
    uses: () => [
      '预约提醒：预约开始前发给预约人的提醒短信',
      '接龙候补转正：候补转为正式报名时发给报名人的通知短信',
      '每发出 1 条扣 1 条；条数用完时短信不再发送，并在消息中心提醒你',
      '登录、找回密码等验证码短信由平台承担，不扣条数',
    ],
  },
  advert: {
    title: '去广告服务',
    intro: '去掉答题页底部的品牌信息，让页面只属于你的项目',
    left: '剩余可去广告项目数',
    uses: (brandName) => [
      `答题页底部不再显示“${brandName} 提供技术支持”`,
      '在项目的「设置」里打开「去广告」即生效，每个项目第一次打开时扣 1 个',
      '同一项目之后关闭再打开不再扣除',
    ],
  },
  risk: {
    title: '风控服务',
    intro: '筛查刷票、代填等可疑答卷，让统计更可信',
    left: '剩余风控筛查份数',
    uses: () => [
      '答卷提交过快、所有题目选同一项的答卷已免费标记为可疑答卷',
      '在报表「数据详情」点「风控筛查」：按同一IP短时间内多次提交、同一设备或同一用户重复提交、答卷内容与其他答卷相同筛查，命中的答卷标记为可疑并注明原因',
      '每筛查 1 份答卷扣 1 份，已筛查的答卷不再重复扣除；协作者筛查时扣项目创建者的份数',
      '购买后份数长期有效，不随会员到期清零',
    ],
  },
};
