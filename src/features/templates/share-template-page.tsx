import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { CircleCheck, Eye, LoaderCircle, PencilLine, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TTemplateSummary } from '../../../schemas/api/question';
import { ApiError } from '../../api/client';
import { questionKeys } from '../../api/question';
import { templateShareKeys, templateShareQuery } from '../../api/template-share';
import { hasSession } from '../../api/token';
import { useCreation } from '../../api/use-creation';
import { kindOfType, projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { plainText } from '../../ui/subject-preview';
import styles from './template-share.module.css';

type TSearch = { share?: unknown; copy?: unknown };

/**
 * /shareQuestionnaire?share=… (public): a template a friend shared. 复制到我的账号 goes through the creation machine
 * (count check, limit dialogs); logged out it goes to login and back here with copy=1, which copies at once. The
 * server copies once per account and link, so a retry or a second click lands on the same copy.
 */
export function ShareTemplatePage() {
  const search = useLocation({ select: (location) => location.search as TSearch });
  const shareToken = typeof search.share === 'string' ? search.share : '';
  const loggedIn = hasSession();
  const share = useQuery(templateShareQuery(shareToken, loggedIn));
  const queryClient = useQueryClient();
  const creation = useCreation({
    onCreated: () => {
      void queryClient.invalidateQueries({ queryKey: templateShareKeys.all });
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
    },
    loginRedirect: () => `/shareQuestionnaire?share=${encodeURIComponent(shareToken)}&copy=1`,
  });
  const copy = () => creation.start({ via: 'share', shareToken });
  const autoCopied = useRef(false);
  const copiedId = share.data?.copiedQuestionId ?? null;
  useEffect(() => {
    // Back from login with copy=1: the copy the visitor asked for before logging in.
    if (autoCopied.current || String(search.copy) !== '1' || !loggedIn || !share.data || copiedId) return;
    autoCopied.current = true;
    copy();
  });

  if (!shareToken || (share.error instanceof ApiError && ['400', '403', '404'].includes(share.error.resultCode))) {
    return (
      <EmptyState
        title={share.error?.message ?? '分享链接无效，请向好友重新获取'}
        description="可以在模板库找到更多免费模板。"
        actions={
          <Button variant="primary" asChild>
            <Link to="/template/list.html">去模板库</Link>
          </Button>
        }
      />
    );
  }
  if (share.isPending) return <LoadingState label="正在打开好友分享的模板…" />;
  if (share.isError)
    return <ErrorState title="模板加载失败" description={share.error.message} actions={<Button onClick={() => void share.refetch()}>重新加载</Button>} />;

  const { template, sharerName } = share.data;
  return (
    <div className={styles.sharePage}>
      <section className={styles.shareCard} aria-labelledby="shared-template-title">
        <p className={styles.sharer}>
          <UserRound size={16} aria-hidden />
          {sharerName ? `${sharerName} 分享给你的模板` : '好友分享给你的模板'}
        </p>
        <SharedTemplateCard template={template} />
        {copiedId ? (
          <CopiedView questionId={copiedId} questionType={template.questionType} />
        ) : (
          <div className={styles.shareActions}>
            {creation.error ? (
              <p className={styles.error} role="alert">
                {creation.error}
              </p>
            ) : null}
            <Button variant="primary" size="lg" block disabled={creation.busy} onClick={copy}>
              {creation.busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : null}
              复制到我的账号
            </Button>
            <p className={styles.qrHint}>{loggedIn ? '复制后可以随意修改，不影响好友的模板' : '登录后复制，复制后可以随意修改'}</p>
          </div>
        )}
      </section>
      {creation.dialog}
    </div>
  );
}

function SharedTemplateCard({ template }: { template: TTemplateSummary }) {
  const kind = kindOfType(template.questionType);
  return (
    <div className={styles.sharedTemplate}>
      <p className={styles.sharedTags}>
        {kind ? <span>{kind.name}</span> : null}
        {template.typeName ? <span>{template.typeName}</span> : null}
      </p>
      <h1 id="shared-template-title">{template.title}</h1>
      {template.subtitle ? <p className={styles.sharedIntro}>{plainText(template.subtitle)}</p> : null}
      <p className={styles.sharedMeta}>
        {template.subjectCount} 题 · {template.hot} 人使用 ·{' '}
        <Link to="/template/detailQuestion.html" search={{ id: template.questionId }}>
          <Eye size={14} aria-hidden />
          预览题目
        </Link>
      </p>
    </div>
  );
}

function CopiedView({ questionId, questionType }: { questionId: string; questionType: number }) {
  const list = kindOfType(questionType)?.manage ?? '/activeManagement.html';
  return (
    <div className={styles.copied} role="status">
      <p className={styles.copiedTitle}>
        <CircleCheck size={20} aria-hidden />
        已复制到你的账号
      </p>
      <p className={styles.qrHint}>模板已在你的项目列表中，改改就能发布。</p>
      <div className={styles.shareActions}>
        <Button variant="primary" size="lg" block asChild>
          <a href={projectHref.editor(questionId)}>
            <PencilLine size={16} aria-hidden />
            去编辑
          </a>
        </Button>
        <Button size="lg" block asChild>
          <a href={list}>查看我的项目</a>
        </Button>
      </div>
    </div>
  );
}

export default ShareTemplatePage;
