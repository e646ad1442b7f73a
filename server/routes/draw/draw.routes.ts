import type { FastifyInstance } from 'fastify';
import { certificateCalls, certificateFileRoutes } from '../../../schemas/api/certificate';
import { drawCalls } from '../../../schemas/api/draw';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { parseBody } from '../../http/validate';
import { certificatePdf, certificatePng } from '../../services/certificate/certificate-render';
import {
  certificateFace,
  certificateInfo,
  getCertificateSetting,
  issueCertificate,
  saveCertificateSetting,
  verifyCertificate,
} from '../../services/certificate/certificate.service';
import { getPoster } from '../../services/certificate/poster.service';
import { getDrawSetting, saveDrawSetting } from '../../services/draw/draw-setting.service';
import { drawInfo, luckyDraw, saveWinnerContact } from '../../services/draw/draw-take.service';
import { getWinnerList } from '../../services/draw/draw-winners.service';

/** 答题抽奖, 考试证书 and 分享海报 (issue 49 item 5): the creator's settings and lists, the respondent's calls after the submit. */
export function drawRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, drawCalls.getDrawSetting, (body, { user }) => getDrawSetting(deps, user, body.questionId));
  defineCall(app, drawCalls.saveDrawSetting, (body, { user }) => saveDrawSetting(deps, user, body));
  defineCall(app, drawCalls.getDrawInfo, (body) => drawInfo(deps, body));
  defineCall(app, drawCalls.luckyDraw, (body) => luckyDraw(deps, body));
  defineCall(app, drawCalls.saveWinnerContact, (body) => saveWinnerContact(deps, body));
  defineCall(app, drawCalls.getWinnerList, (body, { user }) => getWinnerList(deps, user, body));

  defineCall(app, certificateCalls.getCertificateSetting, (body, { user }) => getCertificateSetting(deps, user, body.questionId));
  defineCall(app, certificateCalls.saveCertificateSetting, (body, { user }) => saveCertificateSetting(deps, user, body));
  defineCall(app, certificateCalls.getCertificateInfo, (body, { request }) => certificateInfo(deps, requestOrigin(request), body));
  defineCall(app, certificateCalls.issueCertificate, (body, { request }) => issueCertificate(deps, requestOrigin(request), body));
  defineCall(app, certificateCalls.verifyCertificate, (body) => verifyCertificate(deps, body.serialNo));
  defineCall(app, certificateCalls.getPoster, (body, { user, request }) => getPoster(deps, user, requestOrigin(request), body.questionId));

  app.get(`/api/${certificateFileRoutes.download.path}`, async (request, reply) => {
    const query = parseBody(certificateFileRoutes.download.query, request.query);
    const face = await certificateFace(deps, requestOrigin(request), query.no, query.token);
    const pdf = query.format === 'pdf';
    const body = pdf ? await certificatePdf(face) : await certificatePng(face);
    return reply
      .header('content-type', pdf ? 'application/pdf' : 'image/png')
      .header(
        'content-disposition',
        `attachment; filename="certificate-${face.serialNo}.${query.format}"; filename*=UTF-8''${encodeURIComponent(`${face.title}-${face.name}.${query.format}`)}`,
      )
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
