import { FileAudio, FileVideo, LoaderCircle, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadMedia } from '../../api/editor';
import { MEDIA_ACCEPT, MEDIA_HINT } from '../../subjects/media-field';
import { Button } from '../../ui/button';
import styles from './voting-styles';

/** An address of our own upload (upload/video, upload/audio), as opposed to a link typed in. */
export const isUploadedMedia = (url: string) => url.startsWith('/uploads/');

interface TProps {
  kind: 'video' | 'audio';
  value: string;
  onChange: (url: string) => void;
  /** Tells the dialog an upload is running (its 保存 waits). */
  onBusy: (busy: boolean) => void;
}

/**
 * A player's video or audio: 上传视频 / 上传音频 (checked by its bytes on the server, private; voters get a signed
 * address), shown with a player and 移除 once uploaded; or, as the alternative, a link typed in.
 */
export function PlayerMediaField({ kind, value, onChange, onBusy }: TProps) {
  const ids = { file: useId(), link: useId(), label: useId() };
  const noun = kind === 'video' ? '视频' : '音频';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [named, setNamed] = useState<{ url: string; fileName: string } | null>(null);
  const uploaded = isUploadedMedia(value);

  const upload = (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    onBusy(true);
    setError(null);
    uploadMedia(kind, file)
      .then(({ url, fileName }) => {
        setNamed({ url, fileName });
        onChange(url);
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message.replace(/^file: /, '') : `${noun}上传失败，请重试`))
      .finally(() => {
        setBusy(false);
        onBusy(false);
      });
  };
  const Icon = kind === 'video' ? FileVideo : FileAudio;

  return (
    <div className={styles.field} role="group" aria-labelledby={ids.label}>
      <span id={ids.label} className={styles.fieldLabel}>
        选手{noun}
      </span>
      {uploaded ? (
        <div className={styles.mediaFile}>
          {kind === 'video' ? (
            <video className={styles.mediaPreview} src={value} controls playsInline preload="metadata" aria-label={`${noun}预览`} />
          ) : (
            <audio className={styles.mediaPreviewAudio} src={value} controls preload="metadata" aria-label={`${noun}预览`} />
          )}
          <div className={styles.inline}>
            <Icon size={16} aria-hidden />
            <span className={styles.mediaName}>{named?.url === value ? named.fileName : `已上传的${noun}`}</span>
            <Button size="sm" onClick={() => onChange('')}>
              移除{noun}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className={styles.inline}>
            <label className={styles.mediaUpload} htmlFor={ids.file}>
              {busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Upload size={14} aria-hidden />}
              {busy ? `正在上传${noun}…` : `上传${noun}`}
            </label>
            <span className={styles.hint}>{MEDIA_HINT[kind]}</span>
          </div>
          <input
            id={ids.file}
            type="file"
            accept={MEDIA_ACCEPT[kind]}
            hidden
            aria-label={`上传选手${noun}文件`}
            onChange={(event) => {
              upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <input
            id={ids.link}
            className={styles.input}
            value={value}
            placeholder={`或填写${noun}链接 https://`}
            aria-label={`${noun}链接`}
            onChange={(event) => onChange(event.target.value)}
          />
        </>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
