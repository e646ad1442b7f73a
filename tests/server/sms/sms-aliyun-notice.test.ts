import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSmsProvider, signRpc } from '../../../server/providers/sms-aliyun';
import { ChannelSendError } from '../../../server/services/invitations/channel';
import { smsChannelSender } from '../../../server/services/sms/sms-channel';
import type { InvitationMessageRow } from '../../../server/db/rows';

/**
 * Invitations through 阿里云短信 (issue 50 item 3): the notification template with the user's own signature, the
 * BizId kept as the provider id (delivery reports name it), and Aliyun's answers mapped to retry or give up.
 */
const received: URLSearchParams[] = [];
let next: object | null = null;
let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      received.push(params);
      const signed = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'Signature'));
      const ok = params.get('Signature') === signRpc('POST', signed, 'secret');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? (next ?? { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' }) : { Code: 'SignatureDoesNotMatch' }));
      next = null;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = () => ({
  accessKeyId: 'id',
  accessKeySecret: 'secret',
  signName: '问卷通',
  templateCode: 'SMS_1',
  noticeTemplateCode: 'SMS_2',
  endpoint,
  regionId: 'cn-hangzhou',
});
const message = { id: 1, address: '13912345678', content: '【客户服务部】张三您好 https://x/s/q?ct=abc 回T退订' } as InvitationMessageRow;
const context = { brand: '问卷通', link: 'https://x/s/q?ct=abc', unsubscribe: '' };

describe('Aliyun notification texts', () => {
  it("sends the notice template signed with the user's signature and keeps the BizId", async () => {
    const sender = smsChannelSender(aliyunSmsProvider(config()));
    expect(await sender.send(message, context)).toEqual({ providerId: '900619746936498440^0' });
    const params = received.at(-1)!;
    expect(params.get('SignName')).toBe('客户服务部');
    expect(params.get('TemplateCode')).toBe('SMS_2');
    expect(JSON.parse(params.get('TemplateParam')!)).toEqual({ content: '张三您好 https://x/s/q?ct=abc 回T退订' });
  });

  it('flow control and faults are tried again; a refusal or a missing template is final', async () => {
    const sender = smsChannelSender(aliyunSmsProvider(config()));
    next = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' };
    await expect(sender.send(message, context)).rejects.toMatchObject({ kind: 'unavailable' });
    next = { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' };
    await expect(sender.send(message, context)).rejects.toMatchObject({ kind: 'refused', message: '非法手机号' });
    const bare = smsChannelSender(aliyunSmsProvider({ ...config(), noticeTemplateCode: undefined }));
    const error = await bare.send(message, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect(error).toMatchObject({ kind: 'refused', message: '未配置通知短信模板（ALIYUN_SMS_NOTICE_TEMPLATE_CODE）' });
  });
});
