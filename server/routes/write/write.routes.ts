import type { FastifyInstance } from 'fastify';
import { writeCalls } from '../../../schemas/api/write';
import { WRITE_MESSAGES } from '../../../schemas/api/write';
import { defineCall } from '../../http/define-call';
import { answerableProject, checkEntry } from '../../services/access/answer-entry.service';
import { submitSheet } from '../../services/submit/submit.service';
import { listSubjects } from '../../services/projects/subjects.service';
import { isTimedExam, recordExamStart, respondentKeys } from '../../services/submit/submit-exam-clock.service';
import { respondentResults } from '../../services/submit/submit-results.service';
import { editedSheet, myAnswer } from '../../services/submit/submit-edit.service';
import { answerPhone, answerSmsPurpose, smsSubject } from '../../services/submit/submit-sms.service';
import { sendCode } from '../../services/access/sms-codes.service';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { formWechatAuthUrl, formWechatIdentity } from '../../services/submit/form-wechat.service';
import { badInput } from '../../services/errors';
import { answerPage } from '../../services/submit/answer-page.service';
import { writeRecords } from '../../services/submit/write-records.service';

/** The respondent's calls (spec §7 active/write) and the creator's answer list. */
export function writeRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, writeCalls.getQuestion, async (body, { user, request }) => answerPage(deps, body, user, request.ip));

  defineCall(app, writeCalls.startExam, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, limits: deps.limits, projectId: project.id, ip: request.ip });
    if (!isTimedExam(project.question_type, settings)) throw badInput(WRITE_MESSAGES.notExam);
    const who = { keys: respondentKeys(user, body.deviceId), submissionId: body.submissionId };
    return recordExamStart(database.query, deps.examClock, { projectId: project.id, settings }, who, deps.now());
  });

  defineCall(app, writeCalls.sendAnswerSms, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, limits: deps.limits, projectId: project.id, ip: request.ip });
    smsSubject(await listSubjects(database.query, project.id), body.subjectId);
    const phone = answerPhone(body.phone);
    if (!phone) throw badInput('phone: 请输入正确的手机号', 'phone');
    await sendCode(deps, { phone, purpose: answerSmsPurpose(project.id), ip: request.ip, brand: requestBrand(request).id });
    return null;
  });

  defineCall(app, writeCalls.getMyAnswer, async (body, { user, request }) => {
    const { project, settings } = await answerableProject(database.query, body.questionId, deps.now());
    await checkEntry(database.query, settings, user, body.password, { database, limits: deps.limits, projectId: project.id, ip: request.ip });
    const sheet = await editedSheet(database.query, deps.secret, body.questionId, body.editToken);
    return myAnswer(deps, await listSubjects(database.query, project.id), sheet);
  });

  defineCall(app, writeCalls.getResults, (body) => respondentResults(database, body.questionId, body.sheetId));

  defineCall(app, writeCalls.submit, (body, { user, request }) => submitSheet(deps, body, { user, ip: request.ip }));

  defineCall(app, writeCalls.getFormWechatAuthUrl, async (body, { request }) => formWechatAuthUrl(deps, requestOrigin(request), body));
  defineCall(app, writeCalls.getFormWechatIdentity, async (body) => formWechatIdentity(deps, body));

  defineCall(app, writeCalls.getWriteRecord, async (body, { user }) => writeRecords(database.query, user!.id, body.page, body.pageSize));
}
