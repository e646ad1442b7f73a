import { done, failure, type TStandIns } from '../stand-ins';

export const SAMPLE_CHALLENGE = {
  qrId: 'qr_sample_0001',
  pollSecret: 'secret_sample_0001',
  qrContent: 'http://localhost/auth?qr=qr_sample_0001',
  expiresIn: 120,
};

export const qrLoginStandIns: TStandIns = {
  loadChallenge: {
    does: 'activity/user/showLoginQr',
    outcomes: { success: done(SAMPLE_CHALLENGE), failure: failure('系统处理出错') },
  },
  checkCode: {
    does: 'activity/user/checkCode (every 2 s)',
    outcomes: {
      waiting: done({ status: 'waiting' }),
      scanned: done({ status: 'scanned' }),
      confirmed: done({ status: 'confirmed', token: 'qr-token' }),
      expired: done({ status: 'expired' }),
      failure: failure('网络异常'),
    },
  },
};
