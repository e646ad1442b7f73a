import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../server/db/client';
import { uploadScope } from '../../../server/services/uploads/answer-uploads.service';
import type { TSubject } from '../../../schemas/subjects/registry';
import { loginNewUser, makeSubject } from '../../helpers/fixtures';
import { publishProject, submissionId } from '../../helpers/publish';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { engineName } from '../../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
});
afterAll(() => t.close());

/** The data statements of migration 0025 (its UPDATEs), run again over rows shaped as before it. */
const backfill = readFileSync(path.join(MIGRATIONS_DIR, '0025_upload_privacy.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
  .filter((s) => s.startsWith('UPDATE'));

describe(`migration 0025 on ${engineName()}`, () => {
  it("finds respondents' uploads made before it by their name, with their project and subject, and links the held ones", async () => {
    const owner = await loginNewUser(t);
    const doc = { ...makeSubject(13, 1, '材料'), required: false } as TSubject;
    const sign = { ...makeSubject(33, 2, '签名'), required: false } as TSubject;
    const questionId = await publishProject(t, owner.headers, { subjects: [doc, sign] });
    const [project] = await t.database.query<{ id: number }>('SELECT id FROM projects WHERE public_id = $1', [questionId]);
    const held = `${uploadScope(questionId, doc.uuid)}heldheldheldheldheldheld.pdf`;
    const drawn = `${uploadScope(questionId, sign.uuid)}signsignsignsignsignsign.png`;
    const loose = `${uploadScope(questionId, doc.uuid)}looselooselooselooseloos.pdf`;
    const orphan = `${uploadScope('gone-project', doc.uuid)}orphanorphanorphanorphan.pdf`;
    const cover = 'coverCoverCoverCoverCover.png';
    for (const name of [held, drawn, loose, orphan, cover]) {
      await t.database.query(`INSERT INTO uploads (name, original_name, mime, size, kind) VALUES ($1, 'x', 'application/pdf', 1, $2)`, [
        name,
        name === cover ? 'image' : 'answer',
      ]);
    }
    const answers = {
      [doc.uuid]: [{ fileName: 'a.pdf', fileUrl: `/uploads/${held}`, fileIndex: 0, fileSize: 1 }],
      [sign.uuid]: { fileUrl: `/uploads/${drawn}` },
    };
    expect(
      (await t.call('active/write/submit', { questionId, submissionId: submissionId(), answers, deviceId: 'legacy', durationSeconds: 20 })).resultCode,
    ).toBe('200');
    // As before the migration: nothing known but the name.
    await t.database.query(
      'UPDATE uploads SET kind = DEFAULT, project_id = NULL, subject_uuid = NULL, submission_id = NULL, used_at = NULL, sheet_id = NULL, linked_at = NULL',
    );

    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await t.database.query(statement);
    const rows = await t.database.query<{ name: string; kind: string; project_id: number | null; subject_uuid: string | null; linked: boolean }>(
      'SELECT name, kind, project_id, subject_uuid, sheet_id IS NOT NULL AS linked FROM uploads ORDER BY name',
    );
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName[held]).toMatchObject({ kind: 'answer', project_id: project!.id, subject_uuid: doc.uuid, linked: true });
    expect(byName[drawn]).toMatchObject({ kind: 'answer', project_id: project!.id, subject_uuid: sign.uuid, linked: true });
    expect(byName[loose]).toMatchObject({ kind: 'answer', project_id: project!.id, linked: false });
    expect(byName[orphan]).toMatchObject({ kind: 'answer', project_id: null, linked: false });
    expect(byName[cover]).toMatchObject({ kind: 'image', project_id: null });
  });
});
