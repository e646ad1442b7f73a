import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_MESSAGES,
  type TCertificate,
  type TCertificateInfo,
  type TCertificateSetting,
  type TPoster,
  type TVerifyResult,
} from '../../../schemas/api/certificate';
import { loginNewUser } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { CERT, publishExam, publishSurvey, submitSheet } from './draw-helpers';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const template = { enabled: true, title: '结业证书', body: '{姓名}在「{项目}」中取得{分数}分，证书编号{证书编号}。', issuer: '培训中心', passScore: 6 };

async function examWithCertificate() {
  const exam = await publishExam(t, owner.headers);
  const saved = await t.call<TCertificateSetting>(`${CERT}saveCertificateSetting`, { questionId: exam.questionId, ...template }, owner.headers);
  expect(saved.data).toMatchObject({ enabled: true, passScore: 6, maxScore: 10, issued: 0 });
  return exam;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`exam certificates on ${engineName()}`, () => {
  it('a passing sheet gets one certificate whose QR address verifies it; PNG and PDF by its signed link', async () => {
    const { questionId, subjects } = await examWithCertificate();
    const sheet = await submitSheet(t, questionId, subjects, 1);
    const info = await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, sheet);
    expect(info.data).toMatchObject({ enabled: true, passed: true, score: 10, passScore: 6, certificate: null });
    const issued = await t.call<TCertificate>(`${CERT}issueCertificate`, { ...sheet, name: '王小明' });
    expect(issued.resultCode, issued.resultMsg).toBe('200');
    const cert = issued.data;
    expect(cert).toMatchObject({ name: '王小明', score: 10, project: '发布测试', title: '结业证书' });
    expect(cert.serialNo).toMatch(/^C\d{8}[A-Z2-9]{8}$/);
    expect(cert.qrPng).toMatch(/^data:image\/png;base64,/);
    // Asked again, the same certificate: the name is fixed once issued.
    expect((await t.call<TCertificate>(`${CERT}issueCertificate`, { ...sheet, name: '别人' })).data).toMatchObject({ serialNo: cert.serialNo, name: '王小明' });

    const no = new URL(cert.verifyUrl).searchParams.get('no')!;
    const verified = await t.call<TVerifyResult>(`${CERT}verifyCertificate`, { serialNo: no });
    expect(verified.data).toEqual({
      valid: true,
      serialNo: cert.serialNo,
      name: '王小明',
      score: 10,
      date: cert.date,
      project: '发布测试',
      title: '结业证书',
      reason: '',
    });

    const png = await get(cert.pngUrl);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await get(cert.pdfUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await get(cert.pngUrl.replace(/token=[^&]+/, 'token=forged'));
    expect(JSON.parse(forged.body)).toMatchObject({ resultCode: '403', resultMsg: CERTIFICATE_MESSAGES.link });

    await t.database.query('UPDATE answer_sheets SET status = 0 WHERE public_id = $1', [sheet.sheetId]);
    expect((await t.call<TVerifyResult>(`${CERT}verifyCertificate`, { serialNo: no })).data).toMatchObject({ valid: false, reason: '答卷已作废，证书已失效' });
  });

  it('refuses a failing sheet, a survey, an unknown number and a closed template', async () => {
    const { questionId, subjects } = await examWithCertificate();
    const failing = await submitSheet(t, questionId, subjects, 0);
    expect((await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, failing)).data).toMatchObject({ passed: false, score: 0 });
    expect(await t.call(`${CERT}issueCertificate`, { ...failing, name: '李雷' })).toMatchObject({
      resultCode: '403',
      resultMsg: CERTIFICATE_MESSAGES.notPassed(6),
    });
    expect(await t.call(`${CERT}issueCertificate`, { ...failing, sheetProof: 'forged', name: '李雷' })).toMatchObject({
      resultCode: '403',
      resultMsg: CERTIFICATE_MESSAGES.noSheet,
    });
    expect(await t.call(`${CERT}verifyCertificate`, { serialNo: 'C20260101NOSUCHNO' })).toMatchObject({
      resultCode: '404',
      resultMsg: CERTIFICATE_MESSAGES.unknown,
    });
    const over = await t.call(`${CERT}saveCertificateSetting`, { questionId, ...template, passScore: 11 }, owner.headers);
    expect(over).toMatchObject({ resultCode: '400', resultMsg: '合格分数不能超过试卷总分10分' });
    expect((await t.call(`${CERT}saveCertificateSetting`, { questionId, ...template, enabled: false }, owner.headers)).resultCode).toBe('200');
    const passing = await submitSheet(t, questionId, subjects, 1);
    expect(await t.call(`${CERT}issueCertificate`, { ...passing, name: '韩梅梅' })).toMatchObject({
      resultCode: '403',
      resultMsg: CERTIFICATE_MESSAGES.closed,
    });

    const survey = await publishSurvey(t, owner.headers);
    const onSurvey = await t.call(`${CERT}saveCertificateSetting`, { questionId: survey.questionId, ...template }, owner.headers);
    expect(onSurvey).toMatchObject({ resultCode: '400', resultMsg: CERTIFICATE_MESSAGES.notExam });
  });
});

describe(`share posters on ${engineName()}`, () => {
  it('any project of the caller as a PNG with its QR link; a stranger hears nothing of it', async () => {
    const { questionId } = await publishSurvey(t, owner.headers);
    const poster = await t.call<TPoster>('activity/question/poster/getPoster', { questionId }, owner.headers);
    expect(poster.data.fileName).toBe('发布测试-分享海报.png');
    expect(poster.data.url).toMatch(new RegExp(`/s/${questionId}$`));
    expect(
      Buffer.from(poster.data.png.replace(/^data:image\/png;base64,/, ''), 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const stranger = await loginNewUser(t);
    expect((await t.call('activity/question/poster/getPoster', { questionId }, stranger.headers)).resultCode).toBe('404');
  });

  it('a title with characters SVG cannot hold (a control character, half a surrogate pair, markup) still gives a poster', async () => {
    const { questionId } = await publishSurvey(t, owner.headers);
    await t.database.query('UPDATE projects SET title = $2 WHERE public_id = $1', [questionId, '年终\u0001调查\ud800<b>&']);
    const poster = await t.call<TPoster>('activity/question/poster/getPoster', { questionId }, owner.headers);
    expect(poster.resultCode).toBe('200');
    expect(poster.data.png).toMatch(/^data:image\/png;base64,/);
  });
});
