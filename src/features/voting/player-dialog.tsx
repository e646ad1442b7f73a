import { useMutation } from '@tanstack/react-query';
import { ImagePlus, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { TPublicPlayer } from '../../../schemas/api/vote';
import { uploadImage } from '../../api/editor';
import { saveOrUpdatePlayer } from '../../api/vote-player';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { isUploadedMedia, PlayerMediaField } from './player-media-field';
import styles from './voting-styles';

interface TProps {
  voteId: string;
  /** null: closed; 'new': a new player; else the player to edit. */
  editing: TPublicPlayer | 'new' | null;
  types: Array<{ typeId: number; name: string }>;
  onClose: () => void;
  onSaved: () => void;
}

const blank = { name: '', photo: '', description: '', videoUrl: '', audioUrl: '', typeId: null as number | null };
const URL_RE = /^https?:\/\/\S+$/i;

/** 添加选手 / 编辑选手: photo, name, group, description, an uploaded video or audio (or a link); 保存并继续 keeps the dialog open. */
export function PlayerDialog({ voteId, editing, types, onClose, onSaved }: TProps) {
  const ids = { name: useId(), type: useId(), description: useId(), photo: useId() };
  const existing = editing && editing !== 'new' ? editing : null;
  const [form, setForm] = useState(() => (existing ? { ...blank, ...existing } : blank));
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [mediaBusy, setMediaBusy] = useState(0);
  const [openedFor, setOpenedFor] = useState(editing);
  if (openedFor !== editing) {
    setOpenedFor(editing);
    setForm(existing ? { ...blank, ...existing } : blank);
    setError(null);
  }
  const set = (patch: Partial<typeof blank>) => setForm((before) => ({ ...before, ...patch }));
  const save = useMutation({
    mutationFn: () =>
      saveOrUpdatePlayer({
        voteId,
        ...(existing ? { playerId: existing.playerId } : {}),
        name: form.name,
        photo: form.photo,
        description: form.description,
        videoUrl: form.videoUrl.trim(),
        audioUrl: form.audioUrl.trim(),
        typeId: form.typeId,
      }),
  });
  const submit = (again: boolean) => {
    if (!form.name.trim()) return setError('请输入选手名称');
    for (const link of [form.videoUrl.trim(), form.audioUrl.trim()])
      if (link && !isUploadedMedia(link) && !URL_RE.test(link)) return setError('视频和音频链接须以 http:// 或 https:// 开头');
    save.mutate(undefined, {
      onSuccess: (player) => {
        toast.success(existing ? '选手已保存' : `已添加 ${player.no} 号选手 ${player.name}`);
        onSaved();
        if (again) setForm({ ...blank, typeId: form.typeId });
        else onClose();
      },
      onError: (failure) => setError(failure.message),
    });
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      set({ photo: (await uploadImage(file)).url });
    } catch {
      setError('照片上传失败，请重试');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onClose()}
      title={existing ? `编辑 ${existing.no} 号选手` : '添加选手'}
      description={existing ? undefined : '编号按添加顺序自动生成'}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          {existing ? null : (
            <Button onClick={() => submit(true)} disabled={save.isPending || uploading || mediaBusy > 0}>
              保存并继续添加
            </Button>
          )}
          <Button variant="primary" onClick={() => submit(false)} disabled={save.isPending || uploading || mediaBusy > 0}>
            {save.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            保存
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <div className={styles.inline}>
          {form.photo ? <img className={styles.coverThumb} src={form.photo} alt="选手照片" /> : null}
          <label htmlFor={ids.photo} className={styles.uploadTile}>
            {uploading ? <LoaderCircle size={20} className={styles.spin} aria-hidden /> : <ImagePlus size={20} aria-hidden />}
            {form.photo ? '更换照片' : '上传照片'}
          </label>
          <input id={ids.photo} type="file" accept="image/*" hidden aria-label="选手照片" onChange={(event) => void upload(event.target.files?.[0])} />
        </div>
        <div className={styles.twoCols}>
          <div className={styles.field}>
            <label htmlFor={ids.name}>选手名称</label>
            <input id={ids.name} className={styles.input} value={form.name} maxLength={50} onChange={(event) => set({ name: event.target.value })} />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.type}>分组</label>
            <select
              id={ids.type}
              className={styles.select}
              value={form.typeId ?? ''}
              onChange={(event) => set({ typeId: event.target.value ? Number(event.target.value) : null })}
            >
              <option value="">不分组</option>
              {types.map((type) => (
                <option key={type.typeId} value={type.typeId}>
                  {type.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.description}>选手介绍</label>
          <textarea
            id={ids.description}
            className={styles.textarea}
            rows={4}
            value={form.description}
            maxLength={20000}
            onChange={(event) => set({ description: event.target.value })}
          />
        </div>
        <PlayerMediaField
          kind="video"
          value={form.videoUrl}
          onChange={(videoUrl) => set({ videoUrl })}
          onBusy={(busy) => setMediaBusy((n) => n + (busy ? 1 : -1))}
        />
        <PlayerMediaField
          kind="audio"
          value={form.audioUrl}
          onChange={(audioUrl) => set({ audioUrl })}
          onBusy={(busy) => setMediaBusy((n) => n + (busy ? 1 : -1))}
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
