import type { FastifyInstance } from 'fastify';
import { redPacketCalls } from '../../../schemas/api/red-envelope';
import { defineCall } from '../../http/define-call';
import { envelopeProject } from '../../services/red-envelope/red-envelope-access';
import { payIn, redPacketView, saveRule } from '../../services/red-envelope/red-envelope.service';
import { endByCreator } from '../../services/red-envelope/red-return.service';
import { approveSheets, rejectSheets, retryPayouts, unapprovedPage } from '../../services/red-envelope/red-review.service';
import { prizeList, queueRedPacketExport } from '../../services/red-envelope/red-prizes.service';

/**
 * activity/question/redPacket/* (issue 49 item 1): the rule and its budget (/RedEnvelope.html, edit power), the
 * review of qualifying sheets (/unapproved.html, edit power) and the prize list (/prizeLists.html, any power;
 * its export the report power).
 */
export function redEnvelopeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database, pay } = deps;
  const view = async (questionId: string, user: Parameters<typeof envelopeProject>[1]) => {
    const { project, powerType } = await envelopeProject(database.query, user, questionId, 'read');
    return redPacketView(database.query, pay, user!, project, powerType ?? 0);
  };

  defineCall(app, redPacketCalls.getRedPacket, async (body, { user }) => view(body.questionId, user));
  defineCall(app, redPacketCalls.saveRedPacket, async (body, { user }) => {
    await saveRule(database, user, body.questionId, body.rule, deps.now());
    return view(body.questionId, user);
  });
  defineCall(app, redPacketCalls.payRedPacket, async (body, { user }) => {
    await payIn(database, user, body.questionId, deps.now());
    return view(body.questionId, user);
  });
  defineCall(app, redPacketCalls.endRedPacket, async (body, { user }) => {
    await endByCreator(database, user, body.questionId, deps.now());
    return view(body.questionId, user);
  });

  defineCall(app, redPacketCalls.getUnapprovedList, async (body, { user }) => {
    const { project } = await envelopeProject(database.query, user, body.questionId, 'edit');
    return unapprovedPage(database.query, project.id, body.page, body.pageSize);
  });
  defineCall(app, redPacketCalls.approveRedPacket, async (body, { user }) => {
    const { project } = await envelopeProject(database.query, user, body.questionId, 'edit');
    return approveSheets(database, pay, project.id, body.sheetIds, user!.id, deps.now());
  });
  defineCall(app, redPacketCalls.rejectRedPacket, async (body, { user }) => {
    const { project } = await envelopeProject(database.query, user, body.questionId, 'edit');
    return rejectSheets(database, project.id, body.sheetIds, user!.id, deps.now());
  });
  defineCall(app, redPacketCalls.retryRedPacket, async (body, { user }) => {
    const { project } = await envelopeProject(database.query, user, body.questionId, 'edit');
    return retryPayouts(database, pay, project.id, body.sheetIds, deps.now());
  });

  defineCall(app, redPacketCalls.getPrizeList, async (body, { user }) => {
    const { project } = await envelopeProject(database.query, user, body.questionId, 'read');
    return prizeList(database.query, project.id, body);
  });
  defineCall(app, redPacketCalls.downloadRedPacket, async (body, { user }) => {
    const job = await queueRedPacketExport(database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });
}
