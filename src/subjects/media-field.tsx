import { LoaderCircle, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { uploadMedia } from '../api/editor';
import { ApiError } from '../api/client';
import type { TSubject } from '../../schemas/subjects/registry';
import { TextField } from './property-fields';
import styles from './property-panel.module.css';
import type { TFieldContext } from './subject-look';

/** The file picker's formats and the hint beside an upload button (spec §9; shared with the vote's player dialog). */
export const MEDIA_ACCEPT = { video: '.mp4,.flv,.wmv,.3gp,.avi', audio: '.mp3,.wma,.wav,.amr,.m4a,.aac' } as const;
export const MEDIA_HINT = { video: 'mp4、flv、wmv、3gp、avi，不超过100MB', audio: 'mp3、wma、wav、amr、m4a、aac，不超过20MB' } as const;

/** 上传视频 / 上传音频 beside the address: the uploaded file's address goes into the subject (upload/video, upload/audio). */
function MediaUpload({ kind, questionId, onUploaded }: { kind: 'video' | 'audio'; questionId?: string; onUploaded: (url: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noun = kind === 'video' ? '视频' : '音频';
  const upload = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    uploadMedia(kind, file, questionId)
      .then(({ url }) => onUploaded(url))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message.replace(/^file: /, '') : '上传失败，请重试'))
      .finally(() => setBusy(false));
  };
  return (
    <div>
      <label className={styles.uploadButton} htmlFor={id}>
        {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Upload size={14} aria-hidden />}
        {busy ? `正在上传${noun}…` : `上传${noun}`}
      </label>
      <input id={id} type="file" accept={MEDIA_ACCEPT[kind]} hidden aria-label={`上传${noun}文件`} onChange={(event) => upload(event.target.files?.[0])} />
      <p className={styles.hint}>{MEDIA_HINT[kind]}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A media address (video, audio): typed in, or uploaded. */
export function mediaField(ctx: TFieldContext<TSubject & { url: string }>, kind: 'video' | 'audio', label: string) {
  return (
    <div key="url">
      <TextField type="url" label={label} placeholder="https:// 或上传文件" value={ctx.subject.url} onCommit={(v) => ctx.commit('url')(v ?? '')} />
      <MediaUpload kind={kind} questionId={ctx.project?.questionId} onUploaded={(url) => ctx.commit('url')(url)} />
    </div>
  );
}
