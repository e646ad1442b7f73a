import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Copy, LoaderCircle } from 'lucide-react';
import { getCopeVote, voteInfoQuery } from '../../api/vote';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useVoteId } from './use-vote-id';
import styles from './voting-styles';

/** /voting/copy.html?voteId=…: what a copy takes along (basics, rules, groups, players; no votes), then the copy's editor. */
export function VoteCopyPage() {
  const voteId = useVoteId();
  const navigate = useNavigate();
  const vote = useQuery(voteInfoQuery(voteId));
  const copy = useMutation({
    mutationFn: () => getCopeVote(voteId),
    onSuccess: (result) => {
      toast.success('复制成功，已打开副本');
      void navigate({ to: '/voting/add.html', search: { voteId: result.voteId } });
    },
  });
  const back = (
    <Button asChild>
      <Link to="/voting/list.html">返回投票管理</Link>
    </Button>
  );
  if (!voteId) return <EmptyState title="没有指定要复制的投票" actions={back} />;
  if (vote.isPending) return <LoadingState label="正在读取投票…" />;
  if (vote.isError) return <ErrorState title="投票读取失败" description={vote.error.message} actions={back} />;
  const info = vote.data;
  return (
    <div className={styles.page} style={{ maxWidth: 720 }}>
      <div className={styles.head}>
        <h1>复制投票</h1>
      </div>
      <section className={styles.panel}>
        <h2>{info.title}</h2>
        <div className={styles.form}>
          <p className={styles.muted}>副本会带上以下内容，复制后直接进入副本的编辑页：</p>
          <ul>
            <li>基本信息：封面图、活动介绍、投票时间</li>
            <li>投票规则：次数限制、身份验证、白名单开关、显示与评论设置</li>
            <li>选手分组和全部 {info.playerCount} 位选手（编号不变）</li>
          </ul>
          <p className={styles.muted}>投票记录（当前 {info.voteCount} 票）、访问量和评论不会复制。</p>
          <div className={styles.inline}>
            <Button variant="primary" onClick={() => copy.mutate()} disabled={copy.isPending}>
              {copy.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : <Copy size={14} aria-hidden />}
              复制并编辑
            </Button>
            {back}
          </div>
        </div>
      </section>
    </div>
  );
}

export default VoteCopyPage;
