import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { FilePlus2, LayoutTemplate, LoaderCircle, Zap } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useCreation } from '../../api/use-creation';
import { voteRecommendQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { useVoteTemplate } from './use-vote-template';
import styles from './voting-styles';

/**
 * /voting/create.html: a blank vote from a title, or one of the recommended templates. A blank vote goes through the
 * creation machine as the project create page does: the day's count check first, and the limit dialog (升级版本)
 * when it or saveOrUpdateVote (isCreate 0) says the limit is reached — nothing created, the editor not opened.
 */
export function VoteCreatePage() {
  const navigate = useNavigate();
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recommended = useQuery(voteRecommendQuery());
  const template = useVoteTemplate();
  const creation = useCreation({
    onCreated: (voteId) => {
      toast.success('投票已创建，继续添加选手和规则');
      void navigate({ to: '/voting/add.html', search: { voteId } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) return setError('请输入投票标题');
    setError(null);
    creation.start({ via: 'vote', title: value });
  };

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1>创建投票</h1>
          <p className={styles.intro}>评选、比赛、人气投票，几分钟即可发布，支持图片、视频选手和多种防刷规则</p>
          <Link to="/voting/quick.html" className={styles.quickLink}>
            <Zap size={14} aria-hidden />
            手机上发起更快：两步填好时间、票数和选手，直接发布
          </Link>
        </div>
      </div>
      <div className={styles.choices}>
        <form className={styles.choice} onSubmit={submit} noValidate>
          <span className={styles.choiceIcon}>
            <FilePlus2 size={24} aria-hidden />
          </span>
          <h2>从空白创建</h2>
          <p className={styles.muted}>填写标题后进入编辑页，逐步设置封面、选手和投票规则</p>
          <div className={styles.field} style={{ alignSelf: 'stretch' }}>
            <label htmlFor={titleId}>投票标题</label>
            <input
              id={titleId}
              className={styles.input}
              value={title}
              maxLength={60}
              placeholder="例如：2025年度优秀员工评选"
              aria-invalid={error ? true : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            {error || creation.error ? (
              <span className={styles.error} role="alert">
                {error ?? creation.error}
              </span>
            ) : null}
          </div>
          <Button type="submit" variant="primary" disabled={creation.busy}>
            {creation.busy ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            创建投票
          </Button>
        </form>
        <section className={styles.choice} aria-labelledby="vote-create-templates">
          <span className={styles.choiceIcon}>
            <LayoutTemplate size={24} aria-hidden />
          </span>
          <h2 id="vote-create-templates">从模板创建</h2>
          <p className={styles.muted}>封面、规则和选手分组已配好，套用后改成你的活动即可</p>
          {recommended.isError ? <p className={styles.error}>推荐模板加载失败，可进入模板库查看全部</p> : null}
          <ul className={styles.rows} style={{ alignSelf: 'stretch' }}>
            {(recommended.data ?? []).slice(0, 4).map((each) => (
              <li key={each.templateId} className={styles.row}>
                <div className={styles.rowMain}>
                  <span className={styles.title}>{each.title}</span>
                  <span className={styles.meta}>
                    {each.category} · {each.playerCount} 位示例选手
                  </span>
                </div>
                <Button size="sm" onClick={() => template.use(each.templateId)} disabled={template.usingId !== null} aria-label={`使用模板 ${each.title}`}>
                  {template.usingId === each.templateId ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
                  使用
                </Button>
              </li>
            ))}
          </ul>
          <Button asChild>
            <Link to="/voting/templateLibrary.html">浏览全部模板</Link>
          </Button>
        </section>
      </div>
      {creation.dialog}
      {template.dialog}
    </div>
  );
}

export default VoteCreatePage;
