import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { payCalls } from '../../../schemas/api/pay';
import { defineCall } from '../../http/define-call';
import { conflict, notFound } from '../../services/errors';

/** A production start without PAY_PROVIDER=sandbox has no sandbox: nothing is simulated (issue 42). */
const SANDBOX_OFF = '沙箱支付未开启';
const yuan = (fen: number) => (fen / 100).toFixed(2);
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox's cashier (issue 21 item 4): a small phone page, /pay/sandbox/{outTradeNo}, where the payer
 * presses 「确认支付」 or 「模拟失败」. Paying makes the sandbox post its signed notify to our notify route (in this
 * process, through the same route a remote provider reaches, so verification and idempotency are the real
 * ones), then sends the payer back to the return page, which still asks the server whether the order is paid.
 */
export function cashierRoutes(app: FastifyInstance): void {
  const { sandbox } = app.deps.pay;

  defineCall(app, payCalls.sandboxDecide, async (body) => {
    if (!sandbox) throw notFound(SANDBOX_OFF);
    const decided = await sandbox.decide(body.outTradeNo, body.outcome, app.deps.now());
    if (!decided) throw notFound('交易不存在');
    if (body.outcome === 'pay' && decided.trade.state === 'closed') throw conflict('交易已关闭，请返回重新下单');
    if (decided.notify) {
      const path = new URL(decided.trade.notify_url).pathname;
      await app.inject({ method: 'POST', url: path, headers: decided.notify.headers as Record<string, string>, payload: decided.notify.body });
    }
    const back = new URL(decided.trade.return_url);
    if (body.outcome === 'fail') back.searchParams.set('result', 'fail');
    return { returnUrl: `${back.pathname}${back.search}`, state: decided.trade.state };
  });

  app.get<{ Params: { outTradeNo: string } }>('/pay/sandbox/:outTradeNo', async (request, reply) => {
    const trade = sandbox && /^[\w-]{1,64}$/.test(request.params.outTradeNo) ? await sandbox.trade(request.params.outTradeNo) : null;
    const nonce = randomBytes(12).toString('base64');
    reply
      .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'`)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    if (!trade) return reply.code(404).send(page('交易不存在', '<p class="muted">没有找到这笔交易，请返回重新下单。</p>', nonce, ''));
    const body = `
      <div class="amount"><span>¥</span>${yuan(trade.amount_fen)}</div>
      <p class="desc">${escape(trade.description)}</p>
      <dl><dt>订单号</dt><dd>${escape(trade.out_trade_no)}</dd><dt>收款方</dt><dd>问卷收款（沙箱）</dd></dl>
      ${
        trade.state === 'unpaid'
          ? `<button id="pay" class="primary" type="button">确认支付</button><button id="fail" class="ghost" type="button">模拟失败</button>`
          : `<p class="state">${trade.state === 'paid' ? '该交易已支付' : '该交易已关闭'}</p><a class="ghost" href="${escape(new URL(trade.return_url).pathname + new URL(trade.return_url).search)}">返回商户</a>`
      }
      <p id="msg" class="muted" role="status"></p>`;
    return reply.send(page('沙箱收银台', body, nonce, trade.out_trade_no));
  });
}

function page(title: string, body: string, nonce: string, outTradeNo: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>
*{box-sizing:border-box}body{margin:0;font:15px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f4f7;color:#1f2329}
header{background:#1f6feb;color:#fff;padding:14px 16px;font-size:16px;font-weight:600;display:flex;justify-content:space-between;align-items:center}
header small{font-weight:400;font-size:12px;background:rgba(255,255,255,.2);border-radius:10px;padding:1px 8px}
main{max-width:480px;margin:16px auto;padding:24px 20px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.06);text-align:center}
.amount{font-size:40px;font-weight:700;margin:8px 0 4px}.amount span{font-size:22px;margin-right:2px}
.desc{color:#4e5969;margin:0 0 16px;word-break:break-all}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;text-align:left;font-size:13px;color:#4e5969;border-top:1px solid #eef0f3;padding-top:14px;margin:0 0 22px}
dt{color:#86909c}dd{margin:0;text-align:right;word-break:break-all}
button,a.ghost{display:block;width:100%;min-height:46px;border-radius:23px;font-size:16px;margin-top:12px;cursor:pointer;text-decoration:none;line-height:46px}
.primary{background:#1f6feb;color:#fff;border:0}.primary:disabled{opacity:.6}.ghost{background:#fff;color:#4e5969;border:1px solid #d0d5dd}
.muted{color:#86909c;font-size:12px;margin-top:16px}.state{font-size:16px;color:#16a34a}
</style></head><body><header>${title}<small>测试环境 · 不产生真实扣款</small></header><main>${body}</main>
<script nonce="${nonce}">
(function(){var no=${JSON.stringify(outTradeNo)};var msg=document.getElementById('msg');
function go(outcome){var b=document.getElementById(outcome);if(!b)return;b.addEventListener('click',function(){
var all=document.querySelectorAll('button');for(var i=0;i<all.length;i++)all[i].disabled=true;msg.textContent=outcome==='pay'?'正在支付…':'正在返回…';
fetch('/api/active/pay/sandbox/decide',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({outTradeNo:no,outcome:outcome})})
.then(function(r){return r.json()}).then(function(e){if(e.resultCode==='200'){location.href=e.data.returnUrl}else{msg.textContent=e.resultMsg;for(var i=0;i<all.length;i++)all[i].disabled=false}})
.catch(function(){msg.textContent='网络异常，请重试';for(var i=0;i<all.length;i++)all[i].disabled=false})})}
go('pay');go('fail')})();
</script></body></html>`;
}
