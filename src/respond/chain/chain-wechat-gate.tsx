import { inWechat } from '../../phone-share/wechat-web-auth';

/**
 * 仅限微信授权参与 without a WeChat identity yet (issue 47 item 1): in WeChat the page is on its way to the
 * authorisation (or offers it again after a failure); elsewhere it asks to open the link in WeChat. The list stays
 * readable for everyone.
 */
export function ChainWechatGate({
  error,
  onStart,
  kind = '接龙',
  act = '接龙',
}: {
  error: string | null;
  onStart: () => void;
  /** What the page is (接龙, 打卡, 团购) and what one does there (接龙, 打卡, 下单). */
  kind?: string;
  act?: string;
}) {
  if (!inWechat())
    return (
      <p className="c-notice" role="status" data-testid="chain-wechat-outside">
        本{kind}仅限微信授权参与，请复制链接或扫描二维码，在微信中打开本页后{act}
      </p>
    );
  return (
    <div className="c-notice" role="status" data-testid="chain-wechat-gate">
      <p>{error ?? `本${kind}仅限微信授权参与，正在前往微信授权…`}</p>
      <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={onStart}>
        微信授权后参与
      </button>
    </div>
  );
}
