import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contactLinkCalls, smsSendCalls, smsSignCalls } from '../../../schemas/api/sms';
import { defineCall } from '../../http/define-call';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { openContactLink } from '../../services/sms/contact-link.service';
import { deleteInvitation, invitationDetail, invitationPage, resendUnanswered, unansweredPage } from '../../services/sms/invitation-records.service';
import { addInvitation } from '../../services/sms/invitation-send.service';
import { chooseSign, listSigns, saveSign, signStatus } from '../../services/sms/sms-sign.service';

/** 短信签名, sends and their records (issue 50 items 2–4): activity/sms/sign/*, activity/message/contact/* and the link's opening. */
export function smsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  const place = (request: FastifyRequest) => ({ origin: requestOrigin(request), brand: requestBrand(request).name });
  const kicked = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    app.invitationRunner.kick();
    return result;
  };

  defineCall(app, smsSignCalls.getSmsSignName, (_body, { user }) => listSigns(database.query, user!));
  defineCall(app, smsSignCalls.saveOrUpdateSmsSign, (body, { user }) => saveSign(database, user!, body, deps.now()));
  defineCall(app, smsSignCalls.getSmsSignStatus, (_body, { user }) => signStatus(database.query, user!));
  defineCall(app, smsSignCalls.updateUserSmsSign, (body, { user }) => chooseSign(database, user!, body.signId, deps.now()));

  const calls = smsSendCalls;
  defineCall(app, calls.addSmsDetail, (body, { user, request }) => kicked(addInvitation(deps, user, body, place(request))));
  defineCall(app, calls.delSmsDetail, (body, { user }) => deleteInvitation(database, user!, body.invitationId, deps.now()));
  defineCall(app, calls.getAgainContactSms, (body, { user }) => unansweredPage(database.query, user!, body));
  defineCall(app, calls.getContactAgainSms, (body, { user, request }) => kicked(resendUnanswered(deps, user!, body, place(request))));
  defineCall(app, calls.getSmsDetailPage, (body, { user }) => invitationPage(database.query, user!, body));
  defineCall(app, calls.getSmsDetailMessages, (body, { user }) => invitationDetail(database.query, user!, body));

  defineCall(app, contactLinkCalls.getContactLink, (body) => openContactLink(database.query, body, deps.now()));
}
