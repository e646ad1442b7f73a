import { useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';
import { drawPoster, type TPosterCard } from './poster';
import './share.css';

/**
 * The share sheet of the sign-up, check-in and group-buy pages (issue 47 item 2), as the vote page's: the poster
 * with the page's QR code (long press to save, or the button), and 复制链接. Escape or a tap outside closes it.
 */
export function ShareSheet({ load, fileName, onClose }: { load: () => Promise<TPosterCard & { url: string }>; fileName: string; onClose: () => void }) {
  const [png, setPng] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const loadOnce = useRef(load);
  useEffect(() => {
    let live = true;
    loadOnce
      .current()
      .then(async (data) => {
        const made = await drawPoster(data);
        if (live) {
          setUrl(data.url);
          setPng(made);
        }
      })
      .catch((e: unknown) => live && setError(e instanceof Error && e.message ? e.message : '海报生成失败，请稍后重试'));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="ps-mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="ps-sheet" role="dialog" aria-modal="true" aria-label="分享" tabIndex={-1} ref={box}>
        <div className="ps-head">
          <h2>分享</h2>
          <button type="button" className="ps-close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {error ? <p className="ps-status">{error}</p> : null}
        {!png && !error ? (
          <p className="ps-status" role="status">
            海报生成中…
          </p>
        ) : null}
        {png ? (
          <>
            <img className="ps-poster" src={png} alt="分享海报，含二维码" data-testid="share-poster" />
            <p className="ps-hint">长按图片保存或转发，扫码即可打开</p>
            <div className="ps-actions">
              <a className="ps-primary" href={png} download={fileName}>
                保存海报
              </a>
              <button type="button" className="ps-ghost" onClick={() => void copyText(url).then(setCopied)}>
                {copied ? '已复制链接' : '复制链接'}
              </button>
            </div>
            {copied === false ? <CopyFallback text={url} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** When the browser refused to copy: the text shown to select and copy by hand. */
export function CopyFallback({ text }: { text: string }) {
  return (
    <div className="ps-fallback">
      <p>无法自动复制，请长按下面的文字全选后复制</p>
      <textarea readOnly value={text} aria-label="要复制的文字" data-testid="copy-fallback" onFocus={(e) => e.currentTarget.select()} />
    </div>
  );
}

/**
 * The share bar of a chain page: 分享 (the sheet above), 复制链接, and 复制接龙文本 when the page has a list
 * (`text` builds it at the moment of the tap, so it is the list as it stands).
 */
export function ShareBar({
  load,
  fileName,
  link,
  text,
  textLabel = '复制接龙文本',
}: {
  load: () => Promise<TPosterCard & { url: string }>;
  fileName: string;
  link: () => string;
  text?: () => string;
  textLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<{ what: string; ok: boolean; text: string } | null>(null);
  const copy = (what: string, value: string) => void copyText(value).then((ok) => setCopied({ what, ok, text: value }));
  return (
    <>
      <div className="ps-bar" role="group" aria-label="分享">
        <button type="button" onClick={() => setOpen(true)}>
          分享海报
        </button>
        <button type="button" onClick={() => copy('链接', link())}>
          复制链接
        </button>
        {text ? (
          <button type="button" onClick={() => copy(textLabel.replace(/^复制/, ''), text())}>
            {textLabel}
          </button>
        ) : null}
      </div>
      {copied?.ok ? (
        <p className="ps-copied" role="status">
          已复制{copied.what}，去群里粘贴吧
        </p>
      ) : null}
      {copied && !copied.ok ? <CopyFallback text={copied.text} /> : null}
      {open ? <ShareSheet load={load} fileName={fileName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
