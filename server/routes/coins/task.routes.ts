import type { FastifyInstance } from 'fastify';
import { taskCalls } from '../../../schemas/api/coins';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { coinsOf } from '../../services/coin-ledger/coin-ledger.service';
import { signIn, signStatus } from '../../services/coins/tasks/sign-in.service';
import { bindTask, completeTask, receiveTaskReward, saveTaskQuestion, taskList, taskRecords } from '../../services/coins/tasks/tasks.service';

/** activity/task/* (issue 51 item 2): the task centre of /task.html; coins are the request's brand's. */
export function taskRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { query } = deps.database;

  defineCall(app, taskCalls.getWxAppletTaskList, async (_body, { user, request }) => {
    const brand = requestBrand(request);
    const tasks = await taskList(deps, user!.id, brand.id);
    return { coin: await coinsOf(query, user!.id, brand.id), coinName: brand.coinName, sign: await signStatus(deps, user!.id, brand.id), tasks };
  });
  defineCall(app, taskCalls.getWxAppletTaskDetailList, async (body, { user, request }) =>
    taskRecords(query, user!.id, requestBrand(request).id, body.page, body.pageSize),
  );
  defineCall(app, taskCalls.completeTask, async (body, { user, request }) => completeTask(deps, user!.id, requestBrand(request).id, body.taskId));
  defineCall(app, taskCalls.receiveTaskReward, async (body, { user, request }) => {
    const brand = requestBrand(request);
    return { ...(await receiveTaskReward(deps, user!.id, brand.id, body.taskId)), coinName: brand.coinName };
  });
  defineCall(app, taskCalls.bindingTask, async (body, { user, request }) => bindTask(deps, user!.id, requestBrand(request).id, body.taskId));
  defineCall(app, taskCalls.saveTaskQuestion, async (body, { user, request }) =>
    saveTaskQuestion(deps, user!, requestBrand(request).id, body.taskId, body.questionId),
  );
  defineCall(app, taskCalls.getUserSignTask, async (_body, { user, request }) => signStatus(deps, user!.id, requestBrand(request).id));
  defineCall(app, taskCalls.receiveSignTask, async (_body, { user, request }) => {
    const brand = requestBrand(request);
    return { ...(await signIn(deps, user!.id, brand.id)), coinName: brand.coinName };
  });
}
