import { useEffect, useState } from 'react';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import { CopyFallback } from '../phone-share/share-sheet';
import { copyText } from '../phone-share/copy-text';
import { inWechat, startAuth } from '../phone-share/wechat-web-auth';
import { callOf, RespondError } from './api';
import { Notice } from './entry-screens';
import { pageLink } from './share-api';
import { autoAuthorise, formWechatSubject } from './wechat-form';

const messageOf = (e: unknown) => (e instanceof RespondError ? e.message : '网络异常，请稍后重试');

/**
 * 仅限微信授权填写 without a WeChat identity (issue 47 item 1): in WeChat the page is on its way to the
 * authorisation (or, after a failure, offers it with a button); elsewhere it asks to open the page in WeChat, with
 * the link to copy and its QR code to scan, instead of the sheet.
 */
export function WechatFormGate({ questionId, error }: { questionId: string; error: string | null }) {
  return inWechat() ? <InWechat questionId={questionId} error={error} /> : <OutsideWechat questionId={questionId} />;
}

function InWechat({ questionId, error }: { questionId: string; error: string | null }) {
  const [problem, setProblem] = useState(error);
  const [going, setGoing] = useState(false);
  useEffect(() => {
    let live = true;
    autoAuthorise(questionId, formWechatSubject(questionId)).then(
      (went) => live && setGoing(went),
      (e: unknown) => live && setProblem(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [questionId]);
  const again = () => {
    setProblem(null);
    setGoing(true);
    startAuth(formWechatSubject(questionId)).catch((e: unknown) => {
      setGoing(false);
      setProblem(messageOf(e));
    });
  };
  return (
    <Notice icon="微" title="仅限微信授权填写" text={problem ?? (going ? '正在前往微信授权…' : '本问卷仅限微信授权填写，授权后即可开始作答')}>
      <div data-testid="form-wechat-gate">
        <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={again}>
          微信授权后填写
        </button>
      </div>
    </Notice>
  );
}

function OutsideWechat({ questionId }: { questionId: string }) {
  const link = pageLink(questionId);
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    callOf(CALL_PATHS.share.getSharePoster, { questionId }).then(
      (poster) => live && setQr(poster.qrPng),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [questionId]);
  return (
    <Notice icon="微" title="请在微信中打开" text="本问卷仅限微信授权填写（每个微信号按次数填写）。请用微信扫描下方二维码，或复制链接发到微信中打开。">
      <div className="r-wx-open" data-testid="form-wechat-outside">
        {qr ? <img className="r-wx-qr" src={qr} alt="本页二维码，用微信扫码打开" width={180} height={180} /> : null}
        <p className="r-wx-link">{link}</p>
        <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={() => void copyText(link).then(setCopied)}>
          {copied ? '已复制链接' : '复制链接'}
        </button>
        {copied === false ? <CopyFallback text={link} /> : null}
      </div>
    </Notice>
  );
}
