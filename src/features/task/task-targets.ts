import type { TTask } from '../../../schemas/api/coins';

/**
 * Where 去完成 leads for each task (issue 51 item 2): the place the real event happens. 2-3 opens the share dialog
 * on this page instead (it links the project to the task); 2-6 and 2-8 carry the taskId so the copy completes them.
 */
export function taskTarget(task: TTask): string | 'share' | null {
  const withTask = (href: string) => `${href}${href.includes('?') ? '&' : '?'}taskId=${encodeURIComponent(task.taskId)}&taskType=${task.code}`;
  switch (task.code) {
    case '1-1':
      return '/account';
    case '1-2':
      return '/questionnaire/create.html';
    case '1-3':
    case '1-4':
    case '1-5':
      return '/activeManagement.html';
    case '2-2':
      return '/mutual.html';
    case '2-3':
      return 'share';
    case '2-6':
      return withTask('/template/list.html');
    case '2-8':
      return task.templateId ? withTask(`/template/detail.html?questionId=${encodeURIComponent(task.templateId)}`) : null;
    default:
      return null;
  }
}

/** A hint under a task that is not done, naming what to do where. */
export const TASK_HINTS: Record<string, string> = {
  '1-1': '在账户设置中绑定手机号',
  '1-2': '新建任意一个问卷、考试、表单或接龙',
  '1-3': '在工作台打开项目并发布',
  '1-4': '分享项目，收集有效答卷（不含可疑答卷）',
  '1-5': '在项目的协作中邀请同事，对方加入后完成',
  '2-2': '在互助空间完成 3 份他人问卷并获得奖励',
  '2-3': '选择已发布的项目分享，之后收到 1 份他人的答卷',
  '2-6': '在模板库点击“使用此模板”',
  '2-8': '打开今日推荐模板并使用',
};
