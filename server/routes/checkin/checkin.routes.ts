import type { FastifyInstance } from 'fastify';
import { checkInCalls } from '../../../schemas/api/checkin';
import { queueCheckInExport } from '../../services/checkin/checkin-export.service';
import { defineCall } from '../../http/define-call';
import { checkIn } from '../../services/checkin/checkin-record.service';
import { getCheckIn, getCheckInManage } from '../../services/checkin/checkin-read.service';
import { saveCheckInSettings } from '../../services/checkin/checkin-settings.service';

/** Daily check-ins (打卡接龙): the participant's page and check-in, the creator's view and settings. */
export function checkInRoutes(app: FastifyInstance): void {
  const { deps, chainLive: live } = app;
  defineCall(app, checkInCalls.getCheckIn, async (body, { user }) => getCheckIn(deps, user, body.questionId, body));
  defineCall(app, checkInCalls.checkIn, async (body, { user }) => checkIn(deps, live, user, body));
  defineCall(app, checkInCalls.getCheckInManage, async (body, { user }) => getCheckInManage(deps, user, body.questionId));
  defineCall(app, checkInCalls.exportCheckInList, async (body, { user }) => {
    const job = await queueCheckInExport(deps.database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });
  defineCall(app, checkInCalls.saveCheckInSetting, async ({ questionId, ...patch }, { user }) => saveCheckInSettings(deps, user, questionId, patch));
}
