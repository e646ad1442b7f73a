import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { uploadImage } from '../../api/editor';
import { Button } from '../../ui/button';
import styles from './voting-styles';

export const MAX_COVERS = 9;

/** Cover images of a vote (up to nine, shown as a carousel on the voting page), uploaded through /upload/image. */
export function CoverImagesField({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    try {
      const room = MAX_COVERS - value.length;
      const uploaded = await Promise.all(
        Array.from(files)
          .slice(0, room)
          .map((file) => uploadImage(file)),
      );
      onChange([...value, ...uploaded.map((each) => each.url)]);
    } catch {
      setError('图片上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>封面图（最多 {MAX_COVERS} 张，建议 750×420）</span>
      <div className={styles.covers}>
        {value.map((url, index) => (
          <div key={url} className={styles.coverThumb}>
            <img src={url} alt={`封面图 ${index + 1}`} />
            <Button
              size="sm"
              icon
              className={styles.coverRemove}
              aria-label={`移除封面图 ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <X size={14} aria-hidden />
            </Button>
          </div>
        ))}
        {value.length < MAX_COVERS ? (
          <label htmlFor={id} className={styles.uploadTile}>
            {busy ? <LoaderCircle size={20} className={styles.spin} aria-hidden /> : <ImagePlus size={20} aria-hidden />}
            上传封面
          </label>
        ) : null}
        <input id={id} type="file" accept="image/*" multiple hidden aria-label="上传封面图" onChange={(event) => void add(event.target.files)} />
      </div>
      {error ? <span className={styles.error}>{error}</span> : null}
    </div>
  );
}
