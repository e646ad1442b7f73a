import type { FastifyInstance } from 'fastify';

import { reportCalls } from '../../../schemas/api/report';
import { REPORT_PATH, type TExportLink } from '../../../schemas/api/report';
import { defineCall } from '../../http/define-call';
import { parseBody } from '../../http/validate';
import { requestOrigin } from '../../http/request-info';
import { AppError, badInput, conflict } from '../../services/errors';
import { EXPORT_DIRECT_MAX_SHEETS, exportFileRoutes } from '../../../schemas/api/export-jobs';
import { sheetCount } from '../../services/report/export-jobs.service';
import { accessProject } from '../../services/access/powers.service';
import { EXPORT_TOKEN_MS, exportFileName, exportStream, readExport, signExport, type TExportFormat } from '../../services/report/report-export';
import { dataDetail, sheetDetail } from '../../services/report/report-detail';
import { moveSheetFor } from '../../services/report/sheet-bin.service';
import { riskScreen, riskScreenInfo } from '../../services/money/risk-screen.service';
import { findUserById } from '../../services/access/users.service';
import { quotaStatement } from '../../services/quotas/quota-statement.service';
import { buildStatement, crossTab, highestScore, markSuspect, scoreRank, scoreStatement, subjectAnswers } from '../../services/report/report.service';

const P = REPORT_PATH;

/**
 * Reports (spec §7 question/statement): statistics, cross-tabs, data detail, single sheets, the answer bin,
 * exam scores, quotas and exports. Reading the report needs power 1 or 3 ('report'); the answer list, a single
 * sheet and the quota statement (counts, not answers) any power; changing a sheet (bin, restore, the invalid / suspect flag) power 1 or 2 ('edit'): a
 * view-only collaborator never alters collected data.
 */
export function statementRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  const reader = (questionId: string, user: Parameters<typeof accessProject>[1]) => accessProject(database.query, user, questionId, 'report');

  defineCall(app, reportCalls.getStatement, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return buildStatement(database, project, body.filter);
  });

  defineCall(app, reportCalls.getSubjectAnswers, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return subjectAnswers(database, project, body.subjectUuid, body.page, body.pageSize, body.filter);
  });

  defineCall(app, reportCalls.getCrossTab, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return crossTab(database, project, body.rowSubject, body.colSubject, body.filter);
  });

  defineCall(app, reportCalls.getDataDetail, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return dataDetail(database, project, body);
  });

  // The answer list (/answerList.html, reached from the publish page) is every collaborator's: view power reads
  // it, edit and manage also bin sheets and mark them invalid. Its rows are the data detail's, numbered alike.
  defineCall(app, reportCalls.getAnswerList, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return dataDetail(database, project, body);
  });

  defineCall(app, reportCalls.getAnswerSheetDetail, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return sheetDetail(database.query, project, body.sheetId, body.view);
  });

  defineCall(app, reportCalls.delAnswerSheet, async (body, { user }) => moveSheetFor(database, user, body.questionId, body.sheetId, 0));

  defineCall(app, reportCalls.restoreAnswerSheet, async (body, { user }) => moveSheetFor(database, user, body.questionId, body.sheetId, 1));

  defineCall(app, reportCalls.markSuspect, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return markSuspect(database.query, project, body.sheetId, body.suspect);
  });

  // 风控筛查 (issue 46): whoever may change sheets (power 1 or 2) screens them, on the project owner's risk quota.
  defineCall(app, reportCalls.getRiskScreen, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return riskScreenInfo(database.query, project);
  });

  defineCall(app, reportCalls.riskScreen, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'edit');
    return riskScreen(database, project, deps.now());
  });

  defineCall(app, reportCalls.getScoreStatement, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return scoreStatement(database.query, project);
  });

  defineCall(app, reportCalls.getScoreRank, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return scoreRank(database.query, project, body.page, body.pageSize);
  });

  defineCall(app, reportCalls.getHighestScore, async (body, { user }) => {
    const { project } = await reader(body.questionId, user);
    return highestScore(database.query, project);
  });

  // The quotas' targets and fill counts (not answer data): every collaborator, as the editor (power 2) changes the
  // targets with them and the preview hides full options (docs/decisions.md "Quota statement for editors").
  defineCall(app, reportCalls.getQuotaStatement, async (body, { user }) => {
    const { project } = await accessProject(database.query, user, body.questionId, 'read');
    return quotaStatement(database.query, project);
  });

  const exportCall = (format: TExportFormat) =>
    defineCall(app, format === 'xlsx' ? reportCalls.exportExcel : reportCalls.exportCsv, async (body, { user }): Promise<TExportLink> => {
      const { project } = await reader(body.questionId, user);
      // Large sets go through an export job (我的下载) instead of one long response.
      if ((await sheetCount(database, project, body.filter)) > EXPORT_DIRECT_MAX_SHEETS)
        throw conflict(`答卷超过 ${EXPORT_DIRECT_MAX_SHEETS} 份，请使用后台导出（createExportJob），完成后在“我的下载”中下载`);
      const token = signExport(deps.secret, {
        questionId: project.public_id,
        userId: user!.id,
        format,
        mode: body.mode,
        filter: body.filter,
        expires: deps.now().getTime() + EXPORT_TOKEN_MS,
      });
      return { url: `/api/${P}download?token=${encodeURIComponent(token)}`, fileName: exportFileName(project, format) };
    });
  exportCall('xlsx');
  exportCall('csv');

  // The file itself: a GET a browser can follow, authorised by the short-lived signed token of the call
  // above; the user's report power is checked again so a revoked collaborator's link stops working.
  app.get(`/api/${P}download`, async (request, reply) => {
    const { token } = parseBody(exportFileRoutes.download.query, request.query);
    const grant = readExport(deps.secret, token, deps.now());
    if (!grant) throw new AppError('401', '下载链接已失效，请重新导出');
    const row = await findUserById(database, grant.userId);
    if (!row) throw badInput('下载链接无效');
    const { project } = await accessProject(
      database.query,
      { id: row.id, publicId: row.public_id, phone: row.phone, username: row.username, memberLevel: row.member_level, tokenHash: '', apiToken: null } as never,
      grant.questionId,
      'report',
    );
    const name = exportFileName(project, grant.format);
    reply
      .header('content-type', grant.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="export.${grant.format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store');
    return reply.send(exportStream(database.query, project, grant, requestOrigin(request)));
  });
}
