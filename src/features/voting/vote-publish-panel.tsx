import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Copy, Download, ExternalLink, LoaderCircle, Pause, Play, Send } from 'lucide-react';
import type { TVoteDetail } from '../../../schemas/api/vote';
import { canTake } from '../../../schemas/vote/vote-lifecycle';
import { getVoteSuspendOrStart, voteKeys } from '../../api/vote';
import { appletCodeQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { toast } from '../../ui/toast';
import { PHASE_NAMES, phaseClass } from './vote-status';
import styles from './voting-styles';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('链接已复制');
  } catch {
    toast.error('复制失败，请手动选择链接复制');
  }
}

/** 发布与分享: publish, suspend or resume; once published, the voting page's link and its QR code. */
export function VotePublishPanel({ vote }: { vote: TVoteDetail }) {
  const queryClient = useQueryClient();
  const published = vote.status !== 'draft';
  const code = useQuery({ ...appletCodeQuery(vote.voteId), enabled: published });
  const status = useMutation({
    mutationFn: (action: 'start' | 'suspend') => getVoteSuspendOrStart(vote.voteId, action),
    onSuccess: (result) => {
      toast.success(result.status === 'running' ? '已发布，投票开始' : '已暂停，投票页将提示活动暂停');
      void queryClient.invalidateQueries({ queryKey: voteKeys.all });
    },
  });
  const button = (action: 'start' | 'suspend', label: string, icon: React.ReactNode, primary = false) => (
    <Button variant={primary ? 'primary' : 'default'} onClick={() => status.mutate(action)} disabled={status.isPending}>
      {status.isPending && status.variables === action ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : icon}
      {label}
    </Button>
  );

  return (
    <section className={styles.panel} aria-labelledby="vote-publish">
      <h2 id="vote-publish">发布与分享</h2>
      <div className={styles.form}>
        <p className={styles.inline}>
          当前状态 <span className={cx(styles.badge, phaseClass(vote.phase))}>{PHASE_NAMES[vote.phase]}</span>
          <span className={styles.muted}>
            {vote.playerCount} 位选手 · {vote.voteCount} 票 · {vote.visitCount} 次访问
          </span>
        </p>
        <div className={styles.inline}>
          {canTake(vote.status, vote.inBin, 'vote.publish') ? button('start', '发布投票', <Send size={14} aria-hidden />, true) : null}
          {canTake(vote.status, vote.inBin, 'vote.suspend') ? button('suspend', '暂停投票', <Pause size={14} aria-hidden />) : null}
          {canTake(vote.status, vote.inBin, 'vote.resume') ? button('start', '开启投票', <Play size={14} aria-hidden />, true) : null}
          <Button asChild>
            <Link to="/voting/result.html" search={{ voteId: vote.voteId }}>
              查看投票结果
            </Link>
          </Button>
        </div>
        {!published ? <p className={styles.muted}>发布后生成投票链接和二维码，可分享到微信群、朋友圈。</p> : null}
        {published && code.isPending ? <p className={styles.muted}>正在生成投票链接…</p> : null}
        {published && code.isError ? <p className={styles.error}>投票链接生成失败，请刷新页面重试</p> : null}
        {code.data ? (
          <div className={styles.qrBox}>
            <img className={styles.qr} src={code.data.qrPng} alt="投票二维码" />
            <div className={styles.form} style={{ flex: 1 }}>
              <label className={styles.field}>
                <span className={styles.fieldLabel}>投票链接</span>
                <input className={styles.input} readOnly value={code.data.url} data-testid="vote-link" onFocus={(event) => event.currentTarget.select()} />
              </label>
              <div className={styles.inline}>
                <Button onClick={() => void copy(code.data.url)}>
                  <Copy size={14} aria-hidden />
                  复制链接
                </Button>
                <Button asChild>
                  <a href={code.data.url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink size={14} aria-hidden />
                    打开投票页
                  </a>
                </Button>
                <Button asChild>
                  <a href={code.data.qrPng} download={`${vote.title.slice(0, 30)}-投票二维码.png`}>
                    <Download size={14} aria-hidden />
                    下载二维码
                  </a>
                </Button>
              </div>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
