import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { batchAddWhite, voteExtraKeys, whiteSettingQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './voting-styles';

/** The whitelist's size and a box to paste more voters (a mobile number a line, optionally with a name). */
export function WhitelistField({ voteId }: { voteId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const setting = useQuery(whiteSettingQuery(voteId));
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => batchAddWhite(voteId, text),
    onSuccess: (result) => {
      toast.success(
        `已添加 ${result.added} 人${result.duplicates ? `，${result.duplicates} 个重复已跳过` : ''}${result.invalid.length ? `，${result.invalid.length} 行无法识别` : ''}`,
      );
      setText('');
      void queryClient.invalidateQueries({ queryKey: voteExtraKeys.white(voteId) });
    },
  });
  return (
    <div className={styles.field}>
      <label htmlFor={id}>添加白名单（当前 {setting.data ? `${setting.data.total} 人` : setting.isError ? '读取失败' : '…'}）</label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        value={text}
        placeholder={'每行一个手机号，可在后面加姓名\n13800138000 张三'}
        onChange={(event) => setText(event.target.value)}
      />
      <div>
        <Button onClick={() => add.mutate()} disabled={!text.trim() || add.isPending}>
          {add.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
          添加到白名单
        </Button>
      </div>
    </div>
  );
}
