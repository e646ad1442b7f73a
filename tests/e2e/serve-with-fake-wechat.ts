/**
 * The e2e's first lane serves with WeChat configured (issue 47): a local fake WeChat (tests/helpers/fake-wechat-open.ts)
 * starts on a free port in this process, the WECHAT_OPEN_* keys and WeChat's addresses point at it, then the server
 * starts as `npm run serve` would (server/start.ts, same process). Once the server answers, the fake pushes the
 * component_verify_ticket as WeChat does every ten minutes. Its authorisation page agrees at once for one official
 * account (the administrator's scan), and its web authorisation signs in whoever the browser's `fakewx_user` cookie
 * names. E-mail goes to a local SMTP server (tests/e2e/fake-mail.ts). Nothing of this is in the product: it only
 * reads the variables set here.
 */
import { startFakeWechatOpen } from '../helpers/fake-wechat-open';
import { startFakeWechatApplet } from '../helpers/fake-wechat-applet';
import { startFakeMail } from './fake-mail';

const E2E_OFFICIAL_ACCOUNT = { appid: 'wx0e2e0000000a0001', nickName: '投票测试服务号' };

const fake = await startFakeWechatOpen();
fake.autoScan = E2E_OFFICIAL_ACCOUNT;
Object.assign(process.env, fake.env);
// The brand's mini-program too (issue 49: the release page's 小程序码 card), against the local fake applet.
const applet = await startFakeWechatApplet();
Object.assign(process.env, applet.env);
const port = process.env.PORT ?? '8090';
// E-mail invitations (issue 50) through a local SMTP server, read by the journeys at its /fake/mails.
Object.assign(process.env, await startFakeMail(port));
await import('../../server/start');

const pushTicket = async () => {
  const { url, body } = fake.push({
    AppId: fake.env.WECHAT_OPEN_APPID!,
    CreateTime: String(Math.floor(Date.now() / 1000)),
    InfoType: 'component_verify_ticket',
    ComponentVerifyTicket: fake.ticket,
  });
  const answer = await fetch(`http://localhost:${port}${url}`, { method: 'POST', body, headers: { 'content-type': 'text/xml' } });
  return (await answer.text()) === 'success';
};
// The server migrates first; WeChat keeps pushing until it answers `success`.
for (let tries = 0; tries < 240; tries++) {
  if (await pushTicket().catch(() => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
