import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import type { TSessionItem } from '../../../schemas/api/user';
import { revokeOtherSessions, revokeSession, sessionListQuery, userKeys } from '../../api/user';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../ui/format-time';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-styles';
import { deviceName } from './device-name';

const isPhone = (userAgent: string | null) => Boolean(userAgent && /iPhone|Android|Mobile/.test(userAgent));

function SessionRow({ item, onRevoke, busy }: { item: TSessionItem; onRevoke: () => void; busy: boolean }) {
  const Icon = isPhone(item.userAgent) ? Smartphone : Monitor;
  const name = deviceName(item.userAgent);
  return (
    <li className={styles.session} data-testid="session-row">
      <div className={styles.device}>
        <Icon size={20} aria-hidden />
        <div>
          <div className={styles.deviceName}>
            {name} {item.current ? <span className={styles.current}>当前设备</span> : null}
          </div>
          <div className={styles.muted}>
            登录于 {formatDateTime(item.createTime)}
            {item.lastSeenTime ? ` · 最近使用 ${formatDateTime(item.lastSeenTime)}` : ''}
          </div>
        </div>
      </div>
      {item.current ? null : (
        <Button size="sm" onClick={onRevoke} disabled={busy} aria-label={`退出 ${name}（登录于 ${formatDateTime(item.createTime)}）`}>
          退出
        </Button>
      )}
    </li>
  );
}

/** 登录设备: the user's live sessions; sign one out, or all but this one. */
export function SessionsList() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionListQuery());
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: userKeys.sessions() });
  };
  const one = useMutation({ mutationFn: revokeSession, onSuccess: () => done('已退出该设备') });
  const others = useMutation({ mutationFn: revokeOtherSessions, onSuccess: () => done('已退出其他设备') });

  if (sessions.isPending) return <LoadingState compact />;
  if (sessions.isError)
    return (
      <ErrorState
        compact
        title="登录设备加载失败"
        description={sessions.error.message}
        actions={<Button onClick={() => void sessions.refetch()}>重试</Button>}
      />
    );
  const list = sessions.data.list;
  const hasOthers = list.some((s) => !s.current);
  return (
    <div>
      <div className={styles.sessionsHead}>
        <h3>登录设备</h3>
        <Button size="sm" onClick={() => others.mutate()} disabled={!hasOthers || others.isPending}>
          退出其他所有设备
        </Button>
      </div>
      {list.length === 0 ? (
        <EmptyState compact title="暂无登录设备" />
      ) : (
        <ul className={styles.sessions} aria-label="登录设备">
          {list.map((item) => (
            <SessionRow key={item.sessionId} item={item} busy={one.isPending} onRevoke={() => one.mutate(item.sessionId)} />
          ))}
        </ul>
      )}
    </div>
  );
}
