import type { FastifyInstance } from 'fastify';
import { questionWhiteCalls } from '../../../schemas/api/whitelist';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { batchAddWhite, batchDelWhite, createWhiteCodes, whitePage, whiteSetting } from '../../services/whitelist/white-entries.service';
import { exportWhite, importWhite } from '../../services/whitelist/white-excel.service';
import { checkWhite, sendWhiteSms } from '../../services/whitelist/white-gate.service';
import { updateWhiteSetting } from '../../services/whitelist/white-setting.service';

/** 答题白名单 (issue 49 item 2): the creator's list (activity/question/white/*) and the answering page's gate. */
export function whitelistRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  const calls = questionWhiteCalls;

  defineCall(app, calls.getWhiteSetting, (body, { user }) => whiteSetting(database.query, user, body.questionId));
  defineCall(app, calls.updateWhiteSetting, (body, { user }) => updateWhiteSetting(database, user, body));
  defineCall(app, calls.getWhitePage, (body, { user }) => whitePage(database.query, user, body));
  defineCall(app, calls.batchAddWhite, (body, { user }) => batchAddWhite(database, user, body));
  defineCall(app, calls.importWhite, (body, { user }) => importWhite(database, user, body));
  defineCall(app, calls.createWhiteCodes, (body, { user }) => createWhiteCodes(database, user, body));
  defineCall(app, calls.batchDelWhite, (body, { user }) => batchDelWhite(database.query, user, body));
  defineCall(app, calls.exportWhite, (body, { user }) => exportWhite(database.query, user, body.questionId));

  defineCall(app, calls.sendWhiteSms, (body, { request }) => sendWhiteSms(deps, body, request.ip, requestBrand(request).id));
  defineCall(app, calls.checkWhite, (body, { request }) => checkWhite(deps, body, request.ip));
}
