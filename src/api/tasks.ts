import { queryOptions } from '@tanstack/react-query';
import { taskCalls } from '../../schemas/api/coins';
import { call } from './client';

/** The task centre (/task.html, issue 51 item 2): activity/task/*, the coins of the page's brand. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: ['tasks', 'list'] as const,
  records: (page: number, pageSize: number) => ['tasks', 'records', page, pageSize] as const,
};

export const taskListQuery = () => queryOptions({ queryKey: taskKeys.list, queryFn: () => call(taskCalls.getWxAppletTaskList, {}, { quiet: true }) });
export const taskRecordsQuery = (page: number, pageSize: number) =>
  queryOptions({ queryKey: taskKeys.records(page, pageSize), queryFn: () => call(taskCalls.getWxAppletTaskDetailList, { page, pageSize }, { quiet: true }) });

export const signIn = () => call(taskCalls.receiveSignTask, {});
export const receiveTaskReward = (taskId: string) => call(taskCalls.receiveTaskReward, { taskId });
export const startTask = (taskId: string) => call(taskCalls.bindingTask, { taskId }, { quiet: true });
export const saveTaskQuestion = (taskId: string, questionId: string) => call(taskCalls.saveTaskQuestion, { taskId, questionId });
