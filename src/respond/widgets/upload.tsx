import { useEffect, useRef, useState } from 'react';
import type { TSubjectOf } from '../../../schemas/subjects/registry';
import { extensionOf } from '../../../schemas/subjects/types/file-upload';
import { isSafeUrl } from '../../../schemas/rich-text/allow-list';
import { uploadFile } from '../api';
import { Hint, cx, useRespondContext, type TWidgetProps } from './shared';

interface TFile {
  fileName: string;
  fileIndex: number;
  fileUrl: string;
  fileSize?: number;
  /** Short-lived address that shows the respondent their own private file (not stored with the answer). */
  viewUrl?: string;
}

/** A picture of the respondent's own upload while its view address lasts; the file icon otherwise. */
function Preview({ url }: { url: string | undefined }) {
  const [broken, setBroken] = useState(false);
  return url && !broken && isSafeUrl(url) ? <img src={url} alt="" onError={() => setBroken(true)} /> : <FileIcon />;
}

const IMAGE = /^(png|jpe?g|gif|webp)$/;
const PREVIEW_SIGNATURE = '/preview-signature.png';
const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(n / 1024))}KB`);

/** A document outline (an emoji has no glyph in some WebViews). */
const FileIcon = () => (
  <svg
    className="r-file-icon"
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M6 2.75h8.5L19.25 7.5v13.75H6z" />
    <path d="M14.25 2.75V7.75h5M9 12.5h7M9 16h5" strokeLinecap="round" />
  </svg>
);

export function FileUpload({ subject: s, value, onChange, base, describedBy }: TWidgetProps<TSubjectOf<13>>) {
  const { questionId, preview, password } = useRespondContext();
  const files = Array.isArray(value) ? (value as TFile[]) : [];
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState('');
  const latest = useRef(files);
  latest.current = files;

  const add = async (list: FileList | null) => {
    if (!list?.length) return;
    setProblem('');
    const room = s.maxCount - latest.current.length - busy;
    const picked = Array.from(list).slice(0, Math.max(0, room));
    if (list.length > room) setProblem(`最多上传${s.maxCount}个文件`);
    for (const file of picked) {
      if (s.accept.length && !s.accept.includes(extensionOf(file.name))) {
        setProblem(`文件“${file.name}”的类型不支持，仅支持 ${s.accept.join('、')}`);
        continue;
      }
      if (file.size > s.maxSizeMb * 1024 * 1024) {
        setProblem(`文件“${file.name}”超过${s.maxSizeMb}MB`);
        continue;
      }
      if (preview) {
        setProblem('预览模式下不上传文件');
        continue;
      }
      setBusy((n) => n + 1);
      try {
        const up = await uploadFile({ questionId, subjectId: s.uuid, password }, file, file.name);
        const index = latest.current.reduce((m, f) => Math.max(m, f.fileIndex + 1), 0);
        onChange([
          ...latest.current,
          { fileName: up.fileName || file.name, fileUrl: up.fileUrl, fileIndex: index, fileSize: up.fileSize, viewUrl: up.viewUrl },
        ]);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : '上传失败，请重试');
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const accept = s.accept.length ? s.accept.map((e) => `.${e}`).join(',') : undefined;
  return (
    <div className="r-upload">
      <Hint>
        {s.accept.length ? `支持 ${s.accept.join('、')}，` : ''}单个文件不超过{s.maxSizeMb}MB，最多{s.maxCount}个
      </Hint>
      {files.length ? (
        <ul className="r-files">
          {files.map((f) => (
            <li key={f.fileIndex} className="r-file">
              {IMAGE.test(extensionOf(f.fileName)) ? <Preview url={f.viewUrl} /> : <FileIcon />}
              <span className="r-file-name">
                {f.fileName}
                {f.fileSize !== undefined ? <small>{size(f.fileSize)}</small> : null}
              </span>
              <button type="button" className="r-icon-btn" aria-label={`删除文件“${f.fileName}”`} onClick={() => onChange(files.filter((x) => x !== f))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length + busy < s.maxCount ? (
        <label className={cx('r-drop', busy > 0 && 'is-busy')} htmlFor={`${base}-file`}>
          <input
            id={`${base}-file`}
            type="file"
            className="r-sr"
            accept={accept}
            multiple={s.maxCount > 1}
            aria-describedby={describedBy}
            onChange={(e) => {
              void add(e.target.files);
              e.target.value = '';
            }}
          />
          <span className="r-drop-icon" aria-hidden>
            ⇪
          </span>
          <span>{busy ? '上传中…' : '点击选择文件'}</span>
        </label>
      ) : null}
      {problem ? (
        <p className="r-msg" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Draw with a finger or the mouse; 确认签名 uploads the drawing as a PNG. */
export function Signature({ subject, value, onChange, describedBy }: TWidgetProps<TSubjectOf<33>>) {
  const { preview, questionId, password } = useRespondContext();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const saved = value && typeof value === 'object' ? (value as { fileUrl?: string }).fileUrl : undefined;
  const shown = value && typeof value === 'object' ? ((value as { viewUrl?: string }).viewUrl ?? (saved === PREVIEW_SIGNATURE ? saved : undefined)) : undefined;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const g = c.getContext('2d');
    if (!g) return;
    g.scale(ratio, ratio);
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    g.strokeStyle = '#1f2329';
  }, [saved]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDirty(false);
  };
  const confirm = () => {
    const c = canvas.current;
    if (!c) return;
    if (preview) {
      onChange({ fileUrl: PREVIEW_SIGNATURE, fileName: 'signature.png' });
      return;
    }
    setState('busy');
    c.toBlob(async (blob) => {
      if (!blob) return setState('failed');
      try {
        const { fileUrl, viewUrl } = await uploadFile({ questionId, subjectId: subject.uuid, password }, blob, 'signature.png');
        setState('idle');
        onChange({ fileUrl, fileName: 'signature.png', viewUrl });
      } catch {
        setState('failed');
      }
    }, 'image/png');
  };

  if (saved) {
    return (
      <div className="r-sign" aria-describedby={describedBy}>
        {shown && isSafeUrl(shown) ? <img className="r-sign-img" src={shown} alt="已保存的签名" /> : <p className="r-hint">签名已保存</p>}
        <button type="button" className="r-btn r-btn-soft" onClick={() => onChange(undefined)}>
          重新签名
        </button>
      </div>
    );
  }
  return (
    <div className="r-sign" aria-describedby={describedBy}>
      <canvas
        ref={canvas}
        className="r-sign-pad"
        role="img"
        aria-label="签名区域，请用手指或鼠标在此书写签名"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          drawing.current = true;
          const g = e.currentTarget.getContext('2d');
          const [x, y] = point(e);
          g?.beginPath();
          g?.moveTo(x, y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const g = e.currentTarget.getContext('2d');
          const [x, y] = point(e);
          g?.lineTo(x, y);
          g?.stroke();
          if (!dirty) setDirty(true);
        }}
        onPointerUp={() => (drawing.current = false)}
        onPointerCancel={() => (drawing.current = false)}
      />
      <div className="r-sign-tools">
        <span className="r-hint">{state === 'failed' ? '签名保存失败，请重试' : '请在上方区域签名'}</span>
        <button type="button" className="r-btn r-btn-ghost" onClick={clear} disabled={!dirty}>
          清除
        </button>
        <button type="button" className="r-btn r-btn-primary" onClick={confirm} disabled={!dirty || state === 'busy'}>
          {state === 'busy' ? '保存中…' : '确认签名'}
        </button>
      </div>
    </div>
  );
}
