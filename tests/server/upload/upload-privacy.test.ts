import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSheetDetail, TStatement } from '../../../schemas/api/report';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { pngOf, uploadAnswerFile, uploadImage } from '../../helpers/uploads';

let t: TestApp;
let clock = Date.now();
let owner: Awaited<ReturnType<typeof loginNewUser>>;
let viewer: Awaited<ReturnType<typeof loginNewUser>>;
let stranger: Awaited<ReturnType<typeof loginNewUser>>;
let questionId: string;
const doc = { ...makeSubject(13, 1, '上传材料'), maxCount: 5 } as TSubject;
const sign = makeSubject(33, 2, '签名');
const REPORT = Buffer.from('%PDF-1.4 第一季度报告 %%EOF');

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual', now: () => new Date(clock), env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wenjuan-upload-privacy-')) } });
  [owner, viewer, stranger] = [await loginNewUser(t), await loginNewUser(t), await loginNewUser(t)];
  questionId = await publishProject(t, owner.headers, { subjects: [doc, sign] });
  const code = await t.call<{ workCode: string }>('activity/question/getTeamWorkCode', { questionId, powerType: 3 }, owner.headers);
  expect((await t.call('code/joinTeamWork', { workCode: code.data.workCode }, viewer.headers)).resultCode).toBe('200');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe(`a respondent's uploaded files are private on ${engineName()}`, () => {
  it('anonymous gets no content, a stranger none, a view-power collaborator the bytes with the right headers', async () => {
    const up = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '季度报告（终稿）.pdf', data: REPORT });
    expect(up.resultCode).toBe('200');

    const anonymous = await get(up.data.fileUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(anonymous.body).toContain('请登录后查看');
    expect(anonymous.rawPayload.includes(REPORT)).toBe(false);

    const other = await get(up.data.fileUrl, stranger.headers);
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(REPORT)).toBe(false);

    for (const member of [viewer, owner]) {
      const served = await get(up.data.fileUrl, member.headers);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(REPORT)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'application/pdf',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('季度报告（终稿）.pdf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
        'cache-control': 'private, max-age=3600',
      });
    }
    // The cookie the browser sends works like the token header.
    expect((await get(up.data.fileUrl, { cookie: `token=${viewer.token}` })).statusCode).toBe(200);
  });

  it('the respondent opens their own file through the short-lived address the upload returned, and only that file', async () => {
    const photo = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '照片.png', data: await pngOf(30, 20), type: 'image/png' });
    const other = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '另一张.png', data: await pngOf(30, 20), type: 'image/png' });
    expect(photo.data.viewUrl).toMatch(new RegExp(`^${photo.data.fileUrl}\\?t=`));
    const mine = await get(photo.data.viewUrl);
    expect(mine.statusCode).toBe(200);
    // A verified PNG is shown in the page, with its real type.
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-disposition']).toMatch(/^inline; /);

    const token = photo.data.viewUrl.split('?t=')[1]!;
    expect((await get(`${other.data.fileUrl}?t=${token}`)).statusCode).toBe(401);
    expect((await get(`${photo.data.viewUrl.slice(0, -2)}00`)).statusCode).toBe(401);
    clock += 3 * 3_600_000;
    expect((await get(photo.data.viewUrl)).statusCode).toBe(401);
    expect((await get(photo.data.fileUrl, owner.headers)).statusCode).toBe(200);
  });

  it('a page named .png is stored as a download, never shown inline; download=1 always downloads', async () => {
    const fake = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: 'x.png', data: Buffer.from('<html><script>alert(1)</script></html>') });
    const served = await get(fake.data.fileUrl, owner.headers);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await get(`${fake.data.fileUrl}?thumb=1`, owner.headers)).statusCode).toBe(404);

    const real = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: 'real.png', data: await pngOf(800, 400) });
    expect((await get(`${real.data.fileUrl}?download=1`, owner.headers)).headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('a thumbnail of an image opens for members only, as a small JPEG', async () => {
    const big = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '大图.png', data: await pngOf(1600, 800) });
    expect((await get(`${big.data.fileUrl}?thumb=1`)).statusCode).toBe(401);
    expect((await get(`${big.data.fileUrl}?thumb=1`, stranger.headers)).statusCode).toBe(404);
    const thumb = await get(`${big.data.fileUrl}?thumb=1`, viewer.headers);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 160 });
  });

  it('signatures are private too; a member loses access when the project goes to the bin', async () => {
    const drawn = await uploadAnswerFile(t, { questionId, subjectId: sign.uuid }, { name: 'signature.png', data: await pngOf(200, 80) });
    expect((await get(drawn.data.fileUrl)).statusCode).toBe(401);
    expect((await get(drawn.data.fileUrl, viewer.headers)).headers['content-type']).toBe('image/png');
    const other = await publishProject(t, owner.headers, { subjects: [sign] });
    const gone = await uploadAnswerFile(t, { questionId: other, subjectId: sign.uuid }, { name: 'signature.png', data: await pngOf(200, 80) });
    expect((await get(gone.data.fileUrl, owner.headers)).statusCode).toBe(200);
    expect((await t.call('activity/question/getWxQuestionDel', { questionId: other }, owner.headers)).resultCode).toBe('200');
    expect((await get(gone.data.fileUrl, owner.headers)).statusCode).toBe(404);
  });

  it("the address the upload returns is not stored with the answer; a creator's own images stay public", async () => {
    const up = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: 'a.txt', data: Buffer.from('hello') });
    const drawn = await uploadAnswerFile(t, { questionId, subjectId: sign.uuid }, { name: 'signature.png', data: await pngOf(200, 80) });
    const answers = { [doc.uuid]: [{ ...up.data, fileIndex: 0 }], [sign.uuid]: { ...drawn.data } };
    const sent = await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'dev-privacy', durationSeconds: 30 });
    expect(sent.resultCode).toBe('200');
    const [row] = await t.database.query<{ answers: Record<string, unknown> }>('SELECT answers FROM answer_sheets ORDER BY id DESC LIMIT 1');
    expect(JSON.stringify(row!.answers)).not.toContain('?t=');

    const cover = await uploadImage(t, { name: '封面.png', data: await pngOf(40, 20), type: 'image/png' }, owner.headers);
    const served = await get(cover.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  it('the report and the sheet detail list each file of a file and a signature answer, for the members who may open them', async () => {
    const photo = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '现场照片.png', data: await pngOf(60, 40) });
    const paper = await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name: '说明.pdf', data: REPORT });
    const drawn = await uploadAnswerFile(t, { questionId, subjectId: sign.uuid }, { name: 'signature.png', data: await pngOf(200, 80) });
    const answers = {
      [doc.uuid]: [
        { ...photo.data, fileIndex: 0 },
        { ...paper.data, fileIndex: 1 },
      ],
      [sign.uuid]: { fileUrl: drawn.data.fileUrl },
    };
    const sent = await t.call<{ sheetId: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers,
      deviceId: 'dev-report',
      durationSeconds: 30,
    });
    expect(sent.resultCode).toBe('200');

    const statement = await t.call<TStatement>('question/statement/getStatement', { questionId }, viewer.headers);
    const card = (uuid: string) => statement.data.subjects.find((x) => x.uuid === uuid)!;
    expect(card(doc.uuid).texts![0]!.files).toEqual([
      { fileName: '现场照片.png', fileUrl: photo.data.fileUrl, fileSize: photo.data.fileSize },
      { fileName: '说明.pdf', fileUrl: paper.data.fileUrl, fileSize: REPORT.length },
    ]);
    expect(card(sign.uuid).texts![0]!.files).toEqual([{ fileName: '签名.png', fileUrl: drawn.data.fileUrl, fileSize: null }]);

    const detail = await t.call<TSheetDetail>('question/statement/getAnswerSheetDetail', { questionId, sheetId: sent.data.sheetId }, viewer.headers);
    expect(detail.data.answers.find((a) => a.uuid === doc.uuid)!.files!.map((f) => f.fileName)).toEqual(['现场照片.png', '说明.pdf']);
    for (const f of detail.data.answers.flatMap((a) => a.files ?? [])) expect((await get(f.fileUrl, viewer.headers)).statusCode).toBe(200);
  });
});
