/** The logged-in user of the UI tests. */
export const SAMPLE_USER = {
  userId: 'u1',
  username: '李雷',
  phone: '13800138000',
  headImg: '',
  memberLevel: 1,
  memberName: '免费版',
  openId: null,
  balance: 0,
  coin: 120,
  intro: true,
  expDate: null,
  memberTime: null,
  memberUpgradeType: null,
  hasPassword: true,
};
