import { useEffect, useState } from 'react';
import { getPoster } from './api';
import { messageOf } from './client';
import { drawPoster } from '../phone-share/poster';
import { Sheet } from './sheet';

/** 分享海报: the poster as a PNG the voter saves (long press on a phone, or the download button). */
export function ShareSheet({ voteId, playerId, onClose }: { voteId: string; playerId?: string; onClose: () => void }) {
  const [png, setPng] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    getPoster(voteId, playerId)
      .then(async (data) => {
        const made = await drawPoster(data);
        if (live) {
          setUrl(data.url);
          setPng(made);
        }
      })
      .catch((e) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [voteId, playerId]);
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Sheet title="分享海报" onClose={onClose}>
      {error ? <p className="v-msg">{error}</p> : null}
      {!png && !error ? (
        <p className="v-empty" role="status">
          <span className="phone-spinner" aria-hidden /> 海报生成中…
        </p>
      ) : null}
      {png ? (
        <>
          <img className="v-poster" src={png} alt="投票分享海报，含二维码" data-testid="poster" />
          <p className="v-hint">长按图片保存，或点击下方按钮下载</p>
          <div className="v-detail-nav">
            <a className="v-btn v-btn-primary" href={png} download="投票海报.png">
              保存海报
            </a>
            <button type="button" className="v-btn v-btn-ghost" onClick={copy}>
              {copied ? '已复制链接' : '复制链接'}
            </button>
          </div>
        </>
      ) : null}
    </Sheet>
  );
}
