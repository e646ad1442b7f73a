import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { musicListQuery, saveOrUpdateMusic, voteExtraKeys, voteMusicQuery } from '../../api/vote-extras';
import { toast } from '../../ui/toast';
import styles from './voting-styles';

/** The background music of the voting page, chosen from the built-in library (saved at once). */
export function MusicField({ voteId }: { voteId: string }) {
  const id = useId();
  const tracks = useQuery(musicListQuery());
  const current = useQuery(voteMusicQuery(voteId));
  const queryClient = useQueryClient();
  const choose = useMutation({
    mutationFn: (musicId: string) => saveOrUpdateMusic({ voteId, open: true, source: 'builtin', musicId, autoplay: true }),
    onSuccess: (saved) => {
      toast.success(`背景音乐已设为“${saved.name ?? ''}”`);
      void queryClient.invalidateQueries({ queryKey: voteExtraKeys.music(voteId) });
    },
  });
  return (
    <div className={styles.field}>
      <label htmlFor={id}>背景音乐曲目</label>
      <select
        id={id}
        className={styles.select}
        value={current.data?.source === 'builtin' ? (current.data.musicId ?? '') : ''}
        disabled={!tracks.data || choose.isPending}
        onChange={(event) => event.target.value && choose.mutate(event.target.value)}
      >
        <option value="">{tracks.isError ? '曲库加载失败' : '请选择曲目'}</option>
        {(tracks.data ?? []).map((track) => (
          <option key={track.musicId} value={track.musicId}>
            {track.name}
          </option>
        ))}
      </select>
    </div>
  );
}
