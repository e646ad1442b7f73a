import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { hasPower } from '../../../schemas/project-kinds';
import { questionInfoQuery } from '../../api/question';
import { whiteKeys, whiteSettingQuery } from '../../api/whitelist';
import { Button } from '../../ui/button';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { WhiteListCard } from './white-list-card';
import { WhiteSettingCard } from './white-setting-card';
import styles from './whitelist-styles';

/**
 * /whiteUser.html?questionId=… (答题白名单, issue 49 item 2): who may answer the project — the switch, the mode
 * (phone + SMS, name + one more field, one-time access codes), the list with each entry's answer status.
 */
export function WhiteUserPage() {
  const client = useQueryClient();
  const questionId = useLocation({ select: (l) => String((l.search as Record<string, unknown>).questionId ?? '') });
  const info = useQuery(questionInfoQuery(questionId));
  const setting = useQuery(whiteSettingQuery(questionId));
  if (!questionId) return <EmptyState title="缺少项目编号" description="请从项目的设置页进入答题白名单。" />;
  if (setting.isPending) return <LoadingState />;
  if (setting.isError) {
    return (
      <ErrorState
        title="答题白名单加载失败"
        description={setting.error.message}
        actions={
          <Button variant="primary" onClick={() => void setting.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  const canEdit = hasPower(info.data?.powerType, 'edit');
  const refresh = () => void client.invalidateQueries({ queryKey: whiteKeys.all(questionId) });
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: `/questionnaire/setting.html?questionId=${encodeURIComponent(questionId)}`, label: '返回项目设置' }}
        title={info.data?.title ? `答题白名单 · ${info.data.title}` : '答题白名单'}
        meta={<p className={styles.meta}>{setting.data.enabled ? '已开启：只有名单中的人能作答' : '未开启：任何人都能作答'}</p>}
        actions={
          <Button asChild variant="ghost">
            <a href={`/s/${encodeURIComponent(questionId)}`} target="_blank" rel="noreferrer">
              <ExternalLink size={14} aria-hidden />
              打开答题页
            </a>
          </Button>
        }
      />
      <div className={styles.grid}>
        <WhiteSettingCard
          key={`${setting.data.mode}-${setting.data.enabled}`}
          questionId={questionId}
          setting={setting.data}
          canEdit={canEdit}
          onSaved={refresh}
        />
        <WhiteListCard key={setting.data.mode} questionId={questionId} setting={setting.data} canEdit={canEdit} onChanged={refresh} />
      </div>
    </ManagePage>
  );
}
