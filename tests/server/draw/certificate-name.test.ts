import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCertificate, TCertificateInfo, TCertificateSetting, TVerifyResult } from '../../../schemas/api/certificate';
import type { TSubmitResult } from '../../../schemas/api/write';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { pick, publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { CERT } from './draw-helpers';

// 考试证书 (issue 49): the name on the certificate is the sheet's answer to the exam's 姓名 subject (the one the
// creator chose, else the first single-line text titled 姓名); typed only when there is none.
let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  owner = await loginNewUser(t);
}, 60_000);
afterAll(() => t.close());

const template = { enabled: true, title: '结业证书', body: '{姓名}取得{分数}分。', issuer: '', passScore: 5 };

/** An exam: one 5-point choice (option 1 right) and the text subjects given. */
async function exam(texts: { title: string; required?: boolean }[], nameSubject?: (subjects: TSubject[]) => string) {
  const choice = { ...makeSubject(1, 1, '第1题'), score: 5 } as TSubject & { options: { uuid: string; isCorrect?: boolean }[] };
  choice.options = choice.options.map((o, i) => ({ ...o, isCorrect: i === 1 }));
  const fields = texts.map((x, i) => ({ ...makeSubject(6, i + 2, x.title), required: x.required ?? true }) as TSubject);
  const subjects = [choice as TSubject, ...fields];
  const questionId = await publishProject(t, owner.headers, { subjects, questionType: 2 });
  const saved = await t.call<TCertificateSetting>(
    `${CERT}saveCertificateSetting`,
    { questionId, ...template, ...(nameSubject ? { nameSubject: nameSubject(subjects) } : {}) },
    owner.headers,
  );
  expect(saved.resultCode, saved.resultMsg).toBe('200');
  return { questionId, subjects, saved: saved.data };
}

let n = 0;
async function sheet(questionId: string, subjects: TSubject[], texts: Record<string, string>) {
  const answers: Record<string, unknown> = { [subjects[0]!.uuid]: pick(subjects[0]!, 1) };
  for (const s of subjects.slice(1)) if (texts[s.title] !== undefined) answers[s.uuid] = texts[s.title];
  const sent = await t.call<TSubmitResult>('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers,
    deviceId: `cert-name-${n++}-${Date.now()}`,
    durationSeconds: 20,
  });
  expect(sent.resultCode, sent.resultMsg).toBe('200');
  return { questionId, sheetId: sent.data.sheetId, sheetProof: sent.data.sheetProof! };
}

describe(`certificate name from the sheet on ${engineName()}`, () => {
  it('takes the first single-line text titled 姓名: shown before taking it, a typed name ignored, verified under it', async () => {
    const { questionId, subjects, saved } = await exam([{ title: '工号' }, { title: '您的姓名' }]);
    expect(saved.nameSubject).toBe('');
    const proof = await sheet(questionId, subjects, { 工号: 'A0012', 您的姓名: '  张  三 ' });
    expect((await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, proof)).data).toMatchObject({ passed: true, certificate: null, sheetName: '张 三' });
    const issued = await t.call<TCertificate>(`${CERT}issueCertificate`, { ...proof, name: '别人' });
    expect(issued.data.name).toBe('张 三');
    const withoutName = await t.call<TCertificate>(`${CERT}issueCertificate`, proof);
    expect(withoutName.data.serialNo).toBe(issued.data.serialNo);
    expect((await t.call<TVerifyResult>(`${CERT}verifyCertificate`, { serialNo: issued.data.serialNo })).data.name).toBe('张 三');
    // Once issued the info carries the certificate, not a name to confirm.
    expect((await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, proof)).data).toMatchObject({ sheetName: null, certificate: { name: '张 三' } });
  });

  it('takes the subject the creator chose; a choice subject cannot be chosen', async () => {
    const { questionId, subjects, saved } = await exam([{ title: '姓名' }, { title: '考生名字' }], (s) => s[2]!.uuid);
    expect(saved.nameSubject).toBe(subjects[2]!.uuid);
    const proof = await sheet(questionId, subjects, { 姓名: '李四', 考生名字: '王五' });
    expect((await t.call<TCertificate>(`${CERT}issueCertificate`, proof)).data.name).toBe('王五');
    const refused = await t.call(`${CERT}saveCertificateSetting`, { questionId, ...template, nameSubject: subjects[0]!.uuid }, owner.headers);
    expect(refused).toMatchObject({ resultCode: '400', resultMsg: '请选择试卷中的单行填空题作为姓名题' });
    const unknown = await t.call(`${CERT}saveCertificateSetting`, { questionId, ...template, nameSubject: 'no-such-subject' }, owner.headers);
    expect(unknown.resultCode).toBe('400');
  });

  it('falls back to typing: no 姓名 subject, or it was left empty; nothing typed is refused', async () => {
    const none = await exam([{ title: '工号' }]);
    const a = await sheet(none.questionId, none.subjects, { 工号: 'B7' });
    expect((await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, a)).data.sheetName).toBeNull();
    expect(await t.call(`${CERT}issueCertificate`, a)).toMatchObject({ resultCode: '400', resultMsg: '请输入姓名' });
    expect((await t.call<TCertificate>(`${CERT}issueCertificate`, { ...a, name: '赵六' })).data.name).toBe('赵六');

    const optional = await exam([{ title: '姓名', required: false }]);
    const b = await sheet(optional.questionId, optional.subjects, {});
    expect((await t.call<TCertificateInfo>(`${CERT}getCertificateInfo`, b)).data.sheetName).toBeNull();
    expect((await t.call<TCertificate>(`${CERT}issueCertificate`, { ...b, name: '钱七' })).data.name).toBe('钱七');
  });
});
