import { USER_MESSAGES } from '../../schemas/api/user';
import { SAMPLE_USER } from '../shared/samples';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TSessionEvent } from './session.types';

export const sessionStandIns: TStandIns = {
  loadUser: {
    does: 'activity/user/getLoginInfo with the token cookie',
    outcomes: { user: done(SAMPLE_USER), guest: done(null), failure: failure('系统处理出错') },
  },
  logoutCall: {
    does: 'activity/user/logout',
    outcomes: { success: done(null), failure: failure(USER_MESSAGES.tokenInvalid) },
  },
};

export const sessionSampleEvents: TSessionEvent[] = [
  { type: 'session.login', user: SAMPLE_USER },
  { type: 'session.update', user: { ...SAMPLE_USER, username: '新昵称' } },
];
