import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { TTask } from '../../../schemas/api/coins';
import { receiveTaskReward, signIn, startTask, taskKeys, taskListQuery } from '../../api/tasks';
import { CoinBalance } from '../../coins/coin-balance';
import { useRefreshUser } from '../../app/session';
import { useBrand } from '../../app/use-route-entry';
import { Button } from '../../ui/button';
import { ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { ShareTaskDialog } from './share-task-dialog';
import { SignCard } from './sign-card';
import { TaskList } from './task-list';
import { TaskRecords } from './task-records';
import { taskTarget } from './task-targets';
import styles from './task-styles';

/** /task.html (任务中心, issue 51 item 2): the brand's coins, daily sign-in, 新手任务 and 日常任务, and the records. */
export function TaskPage() {
  const brand = useBrand();
  const [tab, setTab] = useState('tasks');
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1>任务中心</h1>
          <p className={styles.intro}>签到、完成任务赚取{brand.coinName}，可兑换礼品、参与抽奖或发布到互助空间。</p>
        </div>
      </header>
      <Tabs
        label="任务中心"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'tasks', label: '任务', content: <TaskCentre /> },
          {
            value: 'records',
            label: '任务记录',
            content: (
              <section className={styles.panel}>
                <TaskRecords coinName={brand.coinName} />
              </section>
            ),
          },
        ]}
      />
    </div>
  );
}

function TaskCentre() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const list = useQuery(taskListQuery());
  const [sharing, setSharing] = useState<TTask | null>(null);
  const refreshUser = useRefreshUser();
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
  /** A sign-in or a reward moved coins: the task list and the header's figure both read them again. */
  const refreshCoins = () => {
    void refresh();
    refreshUser();
  };
  const sign = useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      toast.success(`签到成功，获得 ${answer.reward} ${answer.coinName}`);
      refreshCoins();
    },
    onError: () => void refresh(),
  });
  const receive = useMutation({
    mutationFn: (task: TTask) => receiveTaskReward(task.taskId),
    onSuccess: (answer) => {
      toast.success(`领取成功，获得 ${answer.reward} ${answer.coinName}`);
      refreshCoins();
    },
    onError: () => void refresh(),
  });
  const go = (task: TTask) => {
    const target = taskTarget(task);
    void startTask(task.taskId).catch(() => undefined);
    if (target === 'share') setSharing(task);
    else if (target) void router.navigate({ href: target });
  };

  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    return (
      <ErrorState
        title="任务加载失败"
        description="网络或服务暂时不可用，请稍后重试。"
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  }
  const { coin, coinName, sign: status, tasks } = list.data;
  const receiving = receive.isPending ? (receive.variables?.taskId ?? null) : null;
  return (
    <div className={styles.page}>
      <CoinBalance
        coinName={coinName}
        coin={coin}
        links={[
          { to: '/coinList.html', label: `${coinName}明细` },
          { to: '/coinRule.html', label: `${coinName}规则` },
        ]}
      />
      <SignCard sign={status} coinName={coinName} signing={sign.isPending} onSign={() => sign.mutate()} />
      <TaskList
        title="新手任务"
        note="每个任务只奖励一次，三个品牌通用"
        tasks={tasks.filter((t) => t.taskType === 1)}
        coinName={coinName}
        receiving={receiving}
        onGo={go}
        onReceive={(t) => receive.mutate(t)}
      />
      <TaskList
        title="日常任务"
        note="每天 0 点刷新"
        tasks={tasks.filter((t) => t.taskType === 2)}
        coinName={coinName}
        receiving={receiving}
        onGo={go}
        onReceive={(t) => receive.mutate(t)}
      />
      <ShareTaskDialog task={sharing} onClose={() => setSharing(null)} />
    </div>
  );
}

export default TaskPage;
