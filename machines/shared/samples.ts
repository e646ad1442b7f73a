import type { TLoginResponse, TUserInfo } from '../../schemas/api/user';

/** Sample data the stand-ins answer with (tests and the flow simulator). */
export const SAMPLE_USER: TUserInfo = {
  userId: 'u_sample',
  username: '问卷用户8000',
  phone: '138****8000',
  headImg: '',
  memberLevel: 1,
  memberName: '免费版',
  openId: null,
  balance: 0,
  coin: 0,
  intro: false,
  expDate: null,
  memberTime: null,
  memberUpgradeType: null,
  hasPassword: false,
};

export const SAMPLE_LOGIN: TLoginResponse = { token: 'sample-token', userInfo: SAMPLE_USER };
