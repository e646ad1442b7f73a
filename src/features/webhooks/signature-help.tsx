import { WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '../../../schemas/webhooks/events';
import styles from './webhooks-styles';

const NODE_SNIPPET = `const crypto = require('node:crypto');

// header: 请求头 ${WEBHOOK_SIGNATURE_HEADER} 的值；body: 未经解析的原始请求体（字符串）
function verify(header, body, secret) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (Math.abs(Date.now() / 1000 - t) > ${WEBHOOK_TOLERANCE_SECONDS}) return false; // 超过 ${WEBHOOK_TOLERANCE_SECONDS / 60} 分钟视为重放
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');
  return parts.v1?.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}`;

/** 如何校验签名: the signature header's form and a short Node receiver check. */
export function SignatureHelp() {
  return (
    <section className={styles.card} aria-labelledby="signature-help-title">
      <h2 id="signature-help-title" className={styles.cardTitle}>
        如何校验签名
      </h2>
      <p className={styles.text}>
        每次推送都带有请求头 <code>{WEBHOOK_SIGNATURE_HEADER}: t=时间戳,v1=签名</code>，事件类型在 <code>{WEBHOOK_EVENT_HEADER}</code>{' '}
        中。签名是用该地址的签名密钥，对
        <code>{'${t}.${原始请求体}'}</code> 计算的
        HMAC-SHA256（十六进制）。接收端请先校验签名和时间戳，再处理数据；同一事件可能推送多次（重试、重新推送），请按请求体里的 <code>eventId</code> 去重。
      </p>
      <pre className={styles.payload} tabIndex={0} aria-label="Node.js 校验示例">
        {NODE_SNIPPET}
      </pre>
    </section>
  );
}
