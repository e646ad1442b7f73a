import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { delWxPlayerType, playerKeys, playerTypesQuery, saveOrUpdateWxPlayerType } from '../../api/vote-player';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './voting-styles';

/** 选手分组: the groups with their player counts; add one by name, remove one (its players stay, ungrouped). */
export function PlayerTypesBar({ voteId }: { voteId: string }) {
  const [name, setName] = useState('');
  const types = useQuery(playerTypesQuery(voteId));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: playerKeys.all(voteId) });
  const add = useMutation({
    mutationFn: (value: string) => saveOrUpdateWxPlayerType(voteId, value),
    onSuccess: (type) => {
      toast.success(`已添加分组“${type.name}”`);
      setName('');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (typeId: number) => delWxPlayerType(voteId, typeId),
    onSuccess: () => {
      toast.success('分组已删除，组内选手保留');
      void refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate(name.trim());
  };
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>选手分组</span>
      <div className={styles.chips}>
        {types.isError ? <span className={styles.error}>分组加载失败</span> : null}
        {(types.data ?? []).map((type) => (
          <span key={type.typeId} className={styles.chip}>
            {type.name}（{type.playerCount}）
            <button
              type="button"
              className={styles.action}
              aria-label={`删除分组 ${type.name}`}
              onClick={() => remove.mutate(type.typeId)}
              disabled={remove.isPending}
            >
              <X size={12} aria-hidden />
            </button>
          </span>
        ))}
        <form className={styles.inline} onSubmit={submit}>
          <input
            className={styles.input}
            style={{ width: 160 }}
            value={name}
            maxLength={30}
            placeholder="新分组名称"
            aria-label="新分组名称"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={!name.trim() || add.isPending}>
            <Plus size={14} aria-hidden />
            添加分组
          </Button>
        </form>
      </div>
    </div>
  );
}
