import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRemovable, createUploadCleanup, releaseGoneSheets } from '../../../server/jobs/upload-cleanup';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';
import { pngOf, uploadAnswerFile, type TUploaded } from '../../helpers/uploads';

const HOUR = 3_600_000;
let t: TestApp;
let dataDir: string;
let owner: { headers: { token: string } };
const doc = { ...makeSubject(13, 1, '材料'), maxCount: 5, required: false } as TSubject;
const sign = { ...makeSubject(33, 2, '签名'), required: false } as TSubject;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wenjuan-upload-cleanup-'));
  t = await createTestApp({ jobs: 'manual', env: { DATA_DIR: dataDir } });
  owner = await loginNewUser(t);
});
afterAll(() => t.close());

/** Time passes for every upload (the job reads the database's clock, as the uploads' own times are). */
const age = (hours: number) =>
  t.database.query('UPDATE uploads SET created_at = created_at - make_interval(hours => $1), used_at = used_at - make_interval(hours => $1)', [hours]);
const nameOf = (u: TUploaded) => u.fileUrl.slice('/uploads/'.length);
const onDisk = (u: TUploaded) => existsSync(path.join(dataDir, 'uploads', nameOf(u)));
const inTable = async (u: TUploaded) => (await t.database.query('SELECT 1 FROM uploads WHERE name = $1', [nameOf(u)])).length === 1;
/** The file is there to serve: its row and its bytes. */
const kept = async (u: TUploaded) => onDisk(u) && (await inTable(u));
const gone = async (u: TUploaded) => !onDisk(u) && !(await inTable(u));

async function project() {
  const questionId = await publishProject(t, owner.headers, { subjects: [doc, sign] });
  const names = new Set<string>();
  const track = (u: TUploaded) => (names.add(nameOf(u)), u);
  const file = async (name = '简历.pdf') =>
    track((await uploadAnswerFile(t, { questionId, subjectId: doc.uuid }, { name, data: Buffer.from(`%PDF ${name}`) })).data);
  const signature = async () =>
    track((await uploadAnswerFile(t, { questionId, subjectId: sign.uuid }, { name: 'signature.png', data: await pngOf(120, 40) })).data);
  /** One run of the job; what it removed of this project's uploads (earlier tests' uploads age with the clock too). */
  const run = async () => (await t.app.uploadCleanup.runOnce()).filter((n) => names.has(n)).sort();
  const submit = async (files: TUploaded[], drawn?: TUploaded) => {
    const answers: Record<string, unknown> = { [doc.uuid]: files.map((f, i) => ({ ...f, fileIndex: i })) };
    if (drawn) answers[sign.uuid] = { fileUrl: drawn.fileUrl, fileName: 'signature.png' };
    const sent = await t.call<{ sheetId: string }>('active/write/submit', {
      questionId,
      submissionId: submissionId(),
      answers,
      deviceId: `d-${Math.random().toString(36).slice(2)}`,
      durationSeconds: 40,
    });
    expect(sent.resultCode).toBe('200');
    return sent.data.sheetId;
  };
  return { questionId, file, signature, submit, run };
}

describe(`the upload cleanup job on ${engineName()}`, () => {
  it('keeps the files of live sheets (and of sheets in the answer bin), removes abandoned uploads after the grace period', async () => {
    const p = await project();
    const [a, b, drawn, abandoned] = [await p.file('a.pdf'), await p.file('b.pdf'), await p.signature(), await p.file('没提交.pdf')];
    const binned = await p.file('进回收站.pdf');
    await p.submit([a, b], drawn);
    const sheet = await p.submit([binned]);
    expect((await t.call('question/statement/delAnswerSheet', { questionId: p.questionId, sheetId: sheet }, owner.headers)).resultCode).toBe('200');

    expect(await p.run()).toEqual([]);
    for (const f of [a, b, drawn, abandoned, binned]) expect(await kept(f)).toBe(true);

    await age(23);
    expect(await p.run()).toEqual([]);
    await age(2);
    expect(await p.run()).toEqual([nameOf(abandoned)]);
    expect(await gone(abandoned)).toBe(true);
    for (const f of [a, b, drawn, binned]) expect(await kept(f)).toBe(true);
    // The members still open the files of the sheets.
    expect((await t.app.inject({ method: 'GET', url: a.fileUrl, headers: owner.headers })).statusCode).toBe(200);
  });

  it('a file a submit offered lately stays for the grace period from then, even when that submit was refused', async () => {
    const p = await project();
    const late = await p.file('晚交.pdf');
    await age(20);
    // Refused (too many files for nothing: the second entry names no upload), but the file was offered now.
    const refused = await t.call('active/write/submit', {
      questionId: p.questionId,
      submissionId: submissionId(),
      deviceId: 'd-late',
      durationSeconds: 5,
      answers: {
        [doc.uuid]: [
          { ...late, fileIndex: 0 },
          { fileName: 'x.pdf', fileUrl: '/uploads/nothere000000000000000000.pdf', fileIndex: 1 },
        ],
      },
    });
    expect(refused.resultCode).toBe('400');
    await age(10);
    expect(await p.run()).toEqual([]);
    expect(await kept(late)).toBe(true);
    await age(15);
    expect(await p.run()).toEqual([nameOf(late)]);
  });

  it('removes every file of a project deleted for good at the next run, not while it is only in the bin', async () => {
    const p = await project();
    const [a, drawn, loose] = [await p.file(), await p.signature(), await p.file('未提交.pdf')];
    await p.submit([a], drawn);
    await p.run();
    expect((await t.call('activity/question/getWxQuestionDel', { questionId: p.questionId }, owner.headers)).resultCode).toBe('200');
    expect(await p.run()).toEqual([]);
    expect((await t.call('activity/question/getWxQuestionCompletelyDel', { questionId: p.questionId }, owner.headers)).resultCode).toBe('200');
    expect(await p.run()).toEqual([a, drawn, loose].map(nameOf).sort());
    for (const f of [a, drawn, loose]) expect(await gone(f)).toBe(true);
  });

  it('removes the files of cleared data (清空数据), linked or not yet linked, and leaves other projects alone', async () => {
    const p = await project();
    const other = await project();
    const [linked, unlinked, keep] = [await p.file('早.pdf'), await p.file('晚.pdf'), await other.file('别的项目.pdf')];
    await p.submit([linked]);
    await other.submit([keep]);
    await p.run(); // links `linked` and `keep` to their sheets
    await p.submit([unlinked]);
    expect((await t.call('activity/question/getQuestionClear', { questionId: p.questionId }, owner.headers)).resultCode).toBe('200');
    expect(await p.run()).toEqual([nameOf(linked)]);
    expect(await gone(linked)).toBe(true);
    // The sheet that was never linked is found missing once the grace period since its submit has passed.
    expect(await kept(unlinked)).toBe(true);
    await age(25);
    expect(await p.run()).toEqual([nameOf(unlinked)]);
    expect(await kept(keep)).toBe(true);
  });

  it('a sheet deleted by a path that did not release its files is found by the daily check, and its files go', async () => {
    const p = await project();
    const [held, other] = [await p.file('被删.pdf'), await p.file('留下.pdf')];
    const sheet = await p.submit([held]);
    await p.submit([other]);
    await p.run();
    await t.database.query('DELETE FROM answer_sheets WHERE public_id = $1', [sheet]);
    expect(await p.run()).toEqual([]);
    expect(await releaseGoneSheets(t.database.query)).toBe(1);
    expect(await p.run()).toEqual([nameOf(held)]);
    expect(await gone(held)).toBe(true);
    expect(await kept(other)).toBe(true);
  });

  it('two processes running it at once remove each file exactly once', async () => {
    const p = await project();
    const files: TUploaded[] = [];
    for (let i = 0; i < 30; i++) files.push(await p.file(`f${i}.pdf`));
    await age(25);
    const second = createUploadCleanup(t.app.deps);
    const [x, y] = await Promise.all([t.app.uploadCleanup.runOnce(), second.runOnce()]);
    expect(x.filter((n) => y.includes(n))).toEqual([]);
    expect([...x, ...y].filter((n) => files.some((f) => nameOf(f) === n)).sort()).toEqual(files.map(nameOf).sort());
    for (const f of files) expect(await gone(f)).toBe(true);
  });

  it('takes one batch at a time: a claim removes at most its limit', async () => {
    const p = await project();
    for (let i = 0; i < 12; i++) await p.file(`g${i}.pdf`);
    await age(25);
    expect(await claimRemovable(t.database.query, 5)).toHaveLength(5);
    await p.run();
  });

  it('removes a stray file without a row once it is a day old, and never a recorded one', async () => {
    const p = await project();
    const recorded = await p.file();
    const stray = path.join(dataDir, 'uploads', 'stray-file-without-row.pdf');
    writeFileSync(stray, 'x');
    expect(await t.app.uploadCleanup.sweepStrays()).toBe(0);
    const old = (Date.now() - 2 * 24 * HOUR) / 1000;
    utimesSync(stray, old, old);
    utimesSync(path.join(dataDir, 'uploads', nameOf(recorded)), old, old);
    expect(await t.app.uploadCleanup.sweepStrays()).toBe(1);
    expect(existsSync(stray)).toBe(false);
    expect(onDisk(recorded)).toBe(true);
  });
});
