import { Check, LoaderCircle } from 'lucide-react';
import type { TTask } from '../../../schemas/api/coins';
import { Button } from '../../ui/button';
import { TASK_HINTS } from './task-targets';
import styles from './task-styles';

interface TTaskListProps {
  title: string;
  note: string;
  tasks: TTask[];
  coinName: string;
  /** The task whose reward is being received. */
  receiving: string | null;
  onGo: (task: TTask) => void;
  onReceive: (task: TTask) => void;
}

/** 新手任务 or 日常任务: each task with its reward, progress bar and 去完成 / 领取奖励 / 已领取. */
export function TaskList({ title, note, tasks, coinName, receiving, onGo, onReceive }: TTaskListProps) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.sectionTitle}>
        {title}
        <span className={styles.sectionNote}>{note}</span>
      </h2>
      <ul className={styles.tasks}>
        {tasks.map((task) => (
          <li key={task.code} className={styles.task} data-task={task.code} data-state={task.state}>
            <div className={styles.taskMain}>
              <p className={styles.taskTitle}>
                {task.title}
                <span className={styles.reward}>
                  +{task.reward} {coinName}
                </span>
              </p>
              <p className={styles.taskHint}>{task.state === 'todo' ? (TASK_HINTS[task.code] ?? task.description) : task.description}</p>
              {task.target > 1 ? (
                <div className={styles.progress}>
                  <div
                    className={styles.bar}
                    role="progressbar"
                    aria-label={`${task.title}进度`}
                    aria-valuemin={0}
                    aria-valuemax={task.target}
                    aria-valuenow={task.progress}
                  >
                    <div className={styles.barFill} style={{ width: `${Math.round((task.progress / task.target) * 100)}%` }} />
                  </div>
                  <span>
                    {task.progress}/{task.target}
                  </span>
                </div>
              ) : null}
            </div>
            <div className={styles.taskAction}>
              <TaskAction task={task} receiving={receiving === task.taskId} onGo={onGo} onReceive={onReceive} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TaskAction({ task, receiving, onGo, onReceive }: { task: TTask; receiving: boolean; onGo: (task: TTask) => void; onReceive: (task: TTask) => void }) {
  if (task.state === 'received') {
    return (
      <span className={styles.received}>
        <Check size={14} aria-hidden />
        {task.receivedOn ? `已在${task.receivedOn}领取` : '已领取'}
      </span>
    );
  }
  if (task.state === 'done') {
    return (
      <Button variant="primary" block disabled={receiving} onClick={() => onReceive(task)}>
        {receiving ? <LoaderCircle size={14} aria-hidden /> : null}
        领取奖励
      </Button>
    );
  }
  return (
    <Button block onClick={() => onGo(task)} disabled={task.code === '2-8' && !task.templateId}>
      去完成
    </Button>
  );
}
