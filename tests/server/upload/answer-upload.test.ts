import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
let owner: { headers: { token: string } };
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-answer-upload-')) } });
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

interface TUploaded {
  fileName: string;
  fileUrl: string;
  fileSize: number;
}

/** POST upload/file as the respondent page does: the text fields first, then the file. */
async function upload(fields: Record<string, string>, file: { name: string; data: Buffer; type?: string }, headers: Record<string, string> = {}) {
  const boundary = `----wenjuan${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload/file',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  return response.json() as { resultCode: string; resultMsg: string; data: TUploaded };
}

const fileSubject = (indexSort: number, fields: Record<string, unknown> = {}) => ({ ...makeSubject(13, indexSort, `附件${indexSort}`), ...fields }) as TSubject;
const bytes = (n: number) => Buffer.alloc(n, 7);
const png = () =>
  sharp({ create: { width: 60, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();

const submit = (questionId: string, answers: Record<string, unknown>) =>
  t.call('active/write/submit', {
    questionId,
    submissionId: submissionId(),
    answers,
    deviceId: `dev-${Math.random().toString(36).slice(2)}`,
    durationSeconds: 60,
  });
const storedAnswers = async (questionId: string) =>
  (
    await t.database.query<{ answers: Record<string, unknown> }>(
      'SELECT a.answers FROM answer_sheets a JOIN projects p ON p.id = a.project_id WHERE p.public_id = $1',
      [questionId],
    )
  ).map((r) => r.answers);

describe(`upload/file follows its subject on ${engineName()}`, () => {
  it("takes only the subject's own types and size, for a project that is collecting", async () => {
    const report = fileSubject(1, { accept: ['pdf', 'docx'], maxSizeMb: 0.01, maxCount: 2 });
    const name = makeSubject(6, 2, '姓名');
    const questionId = await publishProject(t, owner.headers, { subjects: [report, name] });
    const to = { questionId, subjectId: report.uuid };

    const ok = await upload(to, { name: '实习报告.pdf', data: bytes(2048) });
    expect(ok).toMatchObject({
      resultCode: '200',
      data: { fileName: '实习报告.pdf', fileSize: 2048, fileUrl: expect.stringMatching(/^\/uploads\/[\w-]+\.pdf$/) },
    });
    const served = await t.app.inject({ method: 'GET', url: ok.data.fileUrl, headers: owner.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);

    expect(await upload(to, { name: '照片.jpg', data: bytes(100) })).toMatchObject({
      resultCode: '400',
      resultMsg: 'file: 文件“照片.jpg”的类型不支持，仅支持 pdf、docx',
    });
    expect(await upload(to, { name: '大报告.pdf', data: bytes(20_000) })).toMatchObject({ resultCode: '400', resultMsg: 'file: 文件“大报告.pdf”超过0.01MB' });
    expect(await upload({ questionId }, { name: 'a.pdf', data: bytes(10) })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringMatching(/^subjectId: /),
    });
    expect(await upload({ questionId, subjectId: name.uuid }, { name: 'a.pdf', data: bytes(10) })).toMatchObject({
      resultCode: '400',
      resultMsg: 'subjectId: 该题不是文件上传或签名题',
    });

    await t.call('activity/question/getQuestionStatus', { questionId, status: 0 }, owner.headers);
    expect(await upload(to, { name: 'a.pdf', data: bytes(10) })).toMatchObject({ resultCode: '409', resultMsg: '问卷已暂停收集' });
  });

  it('an extension the creator allows is stored even when it is not a common type; any type means the common list', async () => {
    const design = fileSubject(1, { accept: ['sketch'] });
    const anything = fileSubject(2);
    const questionId = await publishProject(t, owner.headers, { subjects: [design, anything] });
    const sketch = await upload({ questionId, subjectId: design.uuid }, { name: '首页.sketch', data: bytes(64) });
    expect(sketch.resultCode).toBe('200');
    expect((await t.app.inject({ method: 'GET', url: sketch.data.fileUrl, headers: owner.headers })).headers['content-type']).toBe('application/octet-stream');
    expect((await upload({ questionId, subjectId: anything.uuid }, { name: '表格.xlsx', data: bytes(64) })).resultCode).toBe('200');
    expect(await upload({ questionId, subjectId: anything.uuid }, { name: 'run.exe', data: bytes(64) })).toMatchObject({
      resultCode: '400',
      resultMsg: 'file: 不支持的文件类型',
    });
  });

  it('a file over the 20 MB ceiling (the most a creator can allow) is refused by name', async () => {
    const video = fileSubject(1, { maxSizeMb: 20 });
    const questionId = await publishProject(t, owner.headers, { subjects: [video] });
    expect(await upload({ questionId, subjectId: video.uuid }, { name: '视频.mp4', data: bytes(20 * 1024 * 1024 + 1) })).toMatchObject({
      resultCode: '400',
      resultMsg: 'file: 文件“视频.mp4”超过20MB',
    });
  });

  it('a password or a login that answering needs is needed for uploading too', async () => {
    const doc = fileSubject(1);
    const locked = await publishProject(t, owner.headers, { subjects: [doc], settings: { password: '8642' } });
    expect(await upload({ questionId: locked, subjectId: doc.uuid }, { name: 'a.txt', data: bytes(10) })).toMatchObject({
      resultCode: '403',
      resultMsg: '作答密码错误',
    });
    expect((await upload({ questionId: locked, subjectId: doc.uuid, password: '8642' }, { name: 'a.txt', data: bytes(10) })).resultCode).toBe('200');
    const members = await publishProject(t, owner.headers, { subjects: [doc], settings: { loginRequired: true } });
    expect(await upload({ questionId: members, subjectId: doc.uuid }, { name: 'a.txt', data: bytes(10) })).toMatchObject({
      resultCode: '401',
      resultMsg: '请登录后再作答',
    });
    expect((await upload({ questionId: members, subjectId: doc.uuid }, { name: 'a.txt', data: bytes(10) }, owner.headers)).resultCode).toBe('200');
  });

  it('a signature must be a real image and is served as one', async () => {
    const sign = makeSubject(33, 1, '本人签名');
    const questionId = await publishProject(t, owner.headers, { subjects: [sign] });
    const drawn = await upload({ questionId, subjectId: sign.uuid }, { name: 'signature.png', data: await png(), type: 'image/png' });
    expect(drawn).toMatchObject({ resultCode: '200', data: { fileUrl: expect.stringMatching(/\.png$/) } });
    expect((await t.app.inject({ method: 'GET', url: drawn.data.fileUrl, headers: owner.headers })).headers['content-type']).toBe('image/png');
    expect(await upload({ questionId, subjectId: sign.uuid }, { name: 'signature.png', data: Buffer.from('<script>alert(1)</script>') })).toMatchObject({
      resultCode: '400',
      resultMsg: expect.stringMatching(/^file: /),
    });
    expect((await submit(questionId, { [sign.uuid]: { fileUrl: drawn.data.fileUrl, fileName: 'signature.png' } })).resultCode).toBe('200');
  });
});

describe(`submitting files on ${engineName()}`, () => {
  it("accepts only this subject's own uploads and stores the uploaded size, not the one the client sent", async () => {
    const first = fileSubject(1, { maxCount: 3 });
    const second = fileSubject(2, { required: false, maxCount: 3 });
    const sign = { ...makeSubject(33, 3, '签名'), required: false } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [first, second, sign] });
    const mine = (await upload({ questionId, subjectId: first.uuid }, { name: '简历.pdf', data: bytes(3000) })).data;
    const theirs = (await upload({ questionId, subjectId: second.uuid }, { name: '作品.pdf', data: bytes(500) })).data;
    // Same subject ids in another project: its uploads do not count here.
    const elsewhere = await publishProject(t, owner.headers, { subjects: [first, second, sign] });
    const foreign = (await upload({ questionId: elsewhere, subjectId: first.uuid }, { name: '别处.pdf', data: bytes(10) })).data;
    const file = (f: TUploaded, extra: object = {}) => ({ fileName: f.fileName, fileUrl: f.fileUrl, fileIndex: 0, fileSize: f.fileSize, ...extra });

    const refused = [
      [{ [first.uuid]: [file(theirs)] }, '第1题：文件“作品.pdf”未上传成功，请删除后重新上传'],
      [{ [first.uuid]: [file(foreign)] }, '第1题：文件“别处.pdf”未上传成功，请删除后重新上传'],
      [{ [first.uuid]: [file(mine, { fileUrl: '/uploads/madeup0000000000000000.pdf' })] }, '第1题：文件“简历.pdf”未上传成功'],
      [{ [first.uuid]: [file(mine, { fileUrl: 'https://example.com/a.pdf' })] }, '第1题：文件“简历.pdf”未上传成功'],
      [{ [first.uuid]: [file(mine), file(mine, { fileIndex: 1 })] }, '第1题：文件“简历.pdf”重复添加'],
      [{ [first.uuid]: [file(mine)], [sign.uuid]: { fileUrl: mine.fileUrl } }, '第3题：签名图片无效，请重新签名'],
    ] as const;
    for (const [answers, message] of refused) {
      const answer = await submit(questionId, answers);
      expect(answer.resultCode).toBe('400');
      expect(answer.resultMsg).toContain(message);
    }
    expect(await storedAnswers(questionId)).toHaveLength(0);

    const accepted = await submit(questionId, {
      [first.uuid]: [file(mine, { fileSize: 1, fileName: '改名.pdf' })],
      [second.uuid]: [file(theirs, { fileIndex: 0 })],
    });
    expect(accepted.resultCode).toBe('200');
    const [stored] = await storedAnswers(questionId);
    expect(stored![first.uuid]).toEqual([{ fileName: '简历.pdf', fileUrl: mine.fileUrl, fileIndex: 0, fileSize: 3000 }]);
    expect(stored![second.uuid]).toEqual([{ fileName: '作品.pdf', fileUrl: theirs.fileUrl, fileIndex: 0, fileSize: 500 }]);
  });

  it("the subject's count and size rules are checked with the stored sizes", async () => {
    const one = fileSubject(1, { maxCount: 1, minCount: 1 });
    const questionId = await publishProject(t, owner.headers, { subjects: [one] });
    const a = (await upload({ questionId, subjectId: one.uuid }, { name: 'a.txt', data: bytes(10) })).data;
    const b = (await upload({ questionId, subjectId: one.uuid }, { name: 'b.txt', data: bytes(10) })).data;
    const answer = await submit(questionId, {
      [one.uuid]: [
        { ...a, fileIndex: 0 },
        { ...b, fileIndex: 1 },
      ],
    });
    expect(answer).toMatchObject({ resultCode: '400', resultMsg: expect.stringContaining('第1题：最多上传1个文件') });
    expect((await submit(questionId, { [one.uuid]: [{ ...b, fileIndex: 0 }] })).resultCode).toBe('200');
  });
});
