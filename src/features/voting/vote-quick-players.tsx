import { ArrowLeft, ImagePlus, LoaderCircle, Plus, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TQuickPlayer } from '../../../machines/vote-quick-start/vote-quick-start.types';
import { QUICK_VOTE_LIMITS } from '../../../machines/vote-quick-start/vote-quick-start.operations';
import { uploadImage } from '../../api/editor';
import { Button } from '../../ui/button';
import styles from '../../ui/quick-start.module.css';

let keys = 0;
/** An empty row of screen 2. */
export const blankPlayer = (): TQuickPlayer => ({ key: `player-${++keys}`, name: '', photo: '' });

interface TProps {
  value: TQuickPlayer[];
  onChange: (value: TQuickPlayer[]) => void;
  busy: boolean;
  step: string | null;
  error: string | null;
  onBack: () => void;
  onPublish: () => void;
}

/** One player: photo (optional, uploaded at once), name, remove. */
function PlayerRow({
  player,
  no,
  canRemove,
  onChange,
  onRemove,
}: {
  player: TQuickPlayer;
  no: number;
  canRemove: boolean;
  onChange: (p: TQuickPlayer) => void;
  onRemove: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setFailed(false);
    try {
      onChange({ ...player, photo: (await uploadImage(file)).url });
    } catch {
      setFailed(true);
    } finally {
      setUploading(false);
    }
  };
  return (
    <li>
      <div className={styles.item}>
        <label className={styles.photo} title={player.photo ? '更换照片' : '上传照片（选填）'}>
          {uploading ? (
            <LoaderCircle size={18} className={styles.spin} aria-hidden />
          ) : player.photo ? (
            <img src={player.photo} alt="" />
          ) : (
            <ImagePlus size={18} aria-hidden />
          )}
          <input type="file" accept="image/*" hidden aria-label={`第${no}位选手的照片`} onChange={(event) => void upload(event.target.files?.[0])} />
        </label>
        <input
          aria-label={`第${no}位选手名称`}
          value={player.name}
          maxLength={QUICK_VOTE_LIMITS.nameMax}
          placeholder={`选手 ${no}`}
          onChange={(event) => onChange({ ...player, name: event.target.value })}
        />
        <button type="button" className={styles.remove} aria-label={`删除第${no}位选手`} disabled={!canRemove} onClick={onRemove}>
          <Trash2 size={18} aria-hidden />
        </button>
      </div>
      {failed ? (
        <p className={styles.error} role="alert">
          第{no}位选手的照片上传失败，请重试
        </p>
      ) : null}
    </li>
  );
}

/** Screen 2 of the phone vote: the players or options (at least two), then 发布投票. */
export function VoteQuickPlayers({ value, onChange, busy, step, error, onBack, onPublish }: TProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPublish();
  };
  const full = value.length >= QUICK_VOTE_LIMITS.maxPlayers;
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="投票选手">
      <div className={styles.field}>
        <span>选手或选项（至少 2 个，照片选填）</span>
        <ol className={styles.list}>
          {value.map((player, i) => (
            <PlayerRow
              key={player.key}
              player={player}
              no={i + 1}
              canRemove={value.length > QUICK_VOTE_LIMITS.minPlayers}
              onChange={(next) => onChange(value.map((each) => (each.key === player.key ? next : each)))}
              onRemove={() => onChange(value.filter((each) => each.key !== player.key))}
            />
          ))}
        </ol>
      </div>
      <Button type="button" block disabled={full || busy} onClick={() => onChange([...value, blankPlayer()])}>
        <Plus size={16} aria-hidden />
        添加选手
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.buttons}>
        <Button type="button" size="lg" disabled={busy} onClick={onBack}>
          <ArrowLeft size={16} aria-hidden />
          上一步
        </Button>
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Send size={16} aria-hidden />}
          {step ?? '发布投票'}
        </Button>
      </div>
    </form>
  );
}
