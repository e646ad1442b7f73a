import type { Database } from '../db/client';
import type { TEnv } from '../env';
import { outboxSmsProvider, type SmsProvider } from './sms';
import { aliyunSmsProvider } from './sms-aliyun';

/** The SMS provider the configuration names (README "Production": SMS_PROVIDER and its variables). */
export function smsProviderFromEnv(env: TEnv, database: Database): SmsProvider {
  if (env.SMS_PROVIDER === 'aliyun') {
    return aliyunSmsProvider({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: env.ALIYUN_SMS_SIGN_NAME!,
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
      noticeTemplateCode: env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE,
      endpoint: env.ALIYUN_SMS_ENDPOINT,
      regionId: env.ALIYUN_SMS_REGION,
    });
  }
  return outboxSmsProvider(database);
}
