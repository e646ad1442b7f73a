import type { FastifyInstance } from 'fastify';
import { redPacketCalls } from '../../../schemas/api/red-envelope';
import { defineCall } from '../../http/define-call';
import type { AuthUser } from '../../services/access/sessions.service';
import { envelopeOwner, type RedRef } from '../../services/red-envelope/red-envelope-access';
import { payIn, redPacketView, saveRule } from '../../services/red-envelope/red-envelope.service';
import { endByCreator } from '../../services/red-envelope/red-return.service';
import { approveSheets, rejectSheets, retryPayouts, unapprovedPage } from '../../services/red-envelope/red-review.service';
import { prizeList, queueRedPacketExport } from '../../services/red-envelope/red-prizes.service';
import { cancelPayouts } from '../../services/red-envelope/red-cancel.service';

/**
 * activity/question/redPacket/* (issue 49 item 1): the rule and its budget (/RedEnvelope.html, edit power), the
 * review of qualifying sheets (/unapproved.html, edit power) and the prize list (/prizeLists.html, any power;
 * its export the report power). Each call names a project (questionId) or a vote (voteId).
 */
export function redEnvelopeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database, pay } = deps;
  const view = async (ref: RedRef, user: AuthUser | null) => redPacketView(database.query, pay, user!, await envelopeOwner(database.query, user, ref, 'read'));
  const owner = async (ref: RedRef, user: AuthUser | null, need: 'read' | 'edit') => (await envelopeOwner(database.query, user, ref, need)).owner;

  defineCall(app, redPacketCalls.getRedPacket, async (body, { user }) => view(body, user));
  defineCall(app, redPacketCalls.saveRedPacket, async (body, { user }) => {
    await saveRule(database, user, body, body.rule, deps.now());
    return view(body, user);
  });
  defineCall(app, redPacketCalls.payRedPacket, async (body, { user }) => {
    await payIn(database, user, body, deps.now(), deps.drawOrderNo);
    return view(body, user);
  });
  defineCall(app, redPacketCalls.endRedPacket, async (body, { user }) => {
    await endByCreator(database, user, body, deps.now());
    return view(body, user);
  });

  defineCall(app, redPacketCalls.getUnapprovedList, async (body, { user }) =>
    unapprovedPage(database.query, await owner(body, user, 'edit'), body.page, body.pageSize),
  );
  defineCall(app, redPacketCalls.approveRedPacket, async (body, { user }) =>
    approveSheets(database, pay, await owner(body, user, 'edit'), body.sheetIds, user!.id, deps.now()),
  );
  defineCall(app, redPacketCalls.rejectRedPacket, async (body, { user }) =>
    rejectSheets(database, await owner(body, user, 'edit'), body.sheetIds, user!.id, deps.now()),
  );
  defineCall(app, redPacketCalls.retryRedPacket, async (body, { user }) =>
    retryPayouts(database, pay, await owner(body, user, 'edit'), body.sheetIds, deps.now()),
  );

  defineCall(app, redPacketCalls.cancelRedPacket, async (body, { user }) =>
    cancelPayouts(database, await owner(body, user, 'edit'), body.sheetIds, deps.now()),
  );

  defineCall(app, redPacketCalls.getPrizeList, async (body, { user }) => prizeList(database.query, await owner(body, user, 'read'), body));
  defineCall(app, redPacketCalls.downloadRedPacket, async (body, { user }) => {
    const job = await queueRedPacketExport(database, user, body);
    app.exportRunner.kick();
    return job;
  });
}
