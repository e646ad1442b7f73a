import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_DEFAULTS,
  CERTIFICATE_MESSAGES,
  type TCertificate,
  type TCertificateInfo,
  type TCertificateSetting,
  type TVerifyResult,
} from '../../../schemas/api/certificate';
import { QUESTION_TYPE } from '../../../schemas/project-kinds';
import { shanghaiDateTime } from '../../providers/pay-money';
import { qrCode } from '../../lazy-packages';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import type { CertificateRow, CertificateSettingsRow } from '../../db/tables-draw';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';
import { hmac, safeEqual } from '../crypto';
import type { Deps } from '../deps';
import { AppError, badInput, notFound } from '../errors';
import { examMaxTotal } from '../report/report.service';
import { provenSheet, type SheetProofInput } from '../draw/sheet-proof.service';
import type { CertificateFace } from './certificate-render';
import { certificateNameOf, certificateNameSubjectOf } from '../../../schemas/certificate/name-subject';
import { listSubjects } from '../projects/subjects.service';

const issuedSql = defineSql('certificate.issued', { n: col.int }, 'SELECT count(*)::int AS n FROM certificates WHERE project_id = $1');
const verifySql = defineSql(
  'certificate.verify',
  {
    serial_no: col.text,
    holder_name: col.text,
    score: col.float,
    issued_at: col.timestamp,
    project_title: col.text,
    deleted_at: col.timestamp.orNull(),
    sheet_status: col.int,
    title: col.text.orNull(),
    body: col.text.orNull(),
    issuer: col.text.orNull(),
  },
  `SELECT c.serial_no, c.holder_name, c.score, c.issued_at, p.title AS project_title, p.deleted_at, a.status AS sheet_status, s.title, s.body, s.issuer
   FROM certificates c JOIN projects p ON p.id = c.project_id JOIN answer_sheets a ON a.id = c.sheet_id
   LEFT JOIN certificate_settings s ON s.project_id = c.project_id WHERE c.serial_no = $1`,
);

export const certificateDate = (at: Date) => shanghaiDateTime(at).slice(0, 10);
export const verifyUrlOf = (origin: string, serialNo: string) => `${origin}/certificate/verify.html?no=${encodeURIComponent(serialNo)}`;
const fileTokenOf = (secret: string, serialNo: string) => hmac(secret, `certificate:${serialNo}`).slice(0, 40);

/** C + the Beijing date + 8 random characters (no 0/O/1/I), e.g. C20261204K7PX3QMA. */
function newSerialNo(now: Date): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return `C${certificateDate(now).replaceAll('-', '')}${Array.from(bytes, (b) => letters[b % letters.length]).join('')}`;
}

async function settingRow(query: Query, projectId: number): Promise<CertificateSettingsRow | null> {
  const [row] = await query<CertificateSettingsRow>('SELECT * FROM certificate_settings WHERE project_id = $1', [projectId]);
  return row ?? null;
}

export async function getCertificateSetting(deps: Deps, user: AuthUser | null, questionId: string): Promise<TCertificateSetting> {
  const { project } = await accessProject(deps.database.query, user, questionId, 'read');
  return settingOf(deps.database.query, project.id);
}

async function settingOf(query: Query, projectId: number): Promise<TCertificateSetting> {
  const row = await settingRow(query, projectId);
  const maxScore = await examMaxTotal(query, projectId);
  const [issued] = await issuedSql.run(query, [projectId]);
  return {
    enabled: row?.enabled ?? false,
    title: row?.title ?? CERTIFICATE_DEFAULTS.title,
    body: row?.body ?? CERTIFICATE_DEFAULTS.body,
    issuer: row?.issuer ?? '',
    passScore: row?.pass_score ?? Math.round(maxScore * 0.6 * 100) / 100,
    maxScore,
    issued: issued?.n ?? 0,
    nameSubject: row?.name_subject ?? '',
  };
}

export async function saveCertificateSetting(
  deps: Deps,
  user: AuthUser | null,
  input: { questionId: string; enabled: boolean; title: string; body: string; issuer: string; passScore: number; nameSubject: string },
): Promise<TCertificateSetting> {
  const { project } = await accessProject(deps.database.query, user, input.questionId, 'edit');
  if (project.question_type !== QUESTION_TYPE.exam) throw badInput(CERTIFICATE_MESSAGES.notExam);
  const maxScore = await examMaxTotal(deps.database.query, project.id);
  if (input.enabled && input.passScore > maxScore) throw badInput(`合格分数不能超过试卷总分${maxScore}分`, 'passScore');
  await deps.database.query(
    `INSERT INTO certificate_settings (project_id, enabled, title, body, issuer, pass_score, name_subject) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (project_id) DO UPDATE SET enabled = $2, title = $3, body = $4, issuer = $5, pass_score = $6, name_subject = $7, updated_at = now()`,
    [
      project.id,
      input.enabled,
      input.title,
      input.body,
      input.issuer,
      input.passScore,
      await nameSubjectToSave(deps.database.query, project.id, input.nameSubject),
    ],
  );
  return settingOf(deps.database.query, project.id);
}

/** A chosen 姓名 subject must be one of the exam's single-line texts; '' keeps the automatic choice. */
async function nameSubjectToSave(query: Query, projectId: number, uuid: string): Promise<string> {
  if (!uuid) return '';
  const chosen = certificateNameSubjectOf(await listSubjects(query, projectId), uuid);
  if (chosen?.uuid !== uuid) throw badInput('请选择试卷中的单行填空题作为姓名题', 'nameSubject');
  return uuid;
}

/** The name the sheet answered in the exam's 姓名 subject (the chosen one, else the first titled 姓名), or null. */
async function sheetNameOf(query: Query, projectId: number, sheetId: number, setting: CertificateSettingsRow): Promise<string | null> {
  const subject = certificateNameSubjectOf(await listSubjects(query, projectId), setting.name_subject);
  if (!subject) return null;
  const [row] = await query<{ answers: Record<string, unknown> | null }>('SELECT answers FROM answer_sheets WHERE id = $1', [sheetId]);
  return certificateNameOf(row?.answers ?? null, subject);
}

function certificateOf(deps: Deps, origin: string, row: CertificateRow, project: string, title: string, qrPng: string): TCertificate {
  const file = (format: 'png' | 'pdf') =>
    `/api/activity/question/certificate/download?no=${encodeURIComponent(row.serial_no)}&token=${fileTokenOf(deps.secret, row.serial_no)}&format=${format}`;
  return {
    serialNo: row.serial_no,
    name: row.holder_name,
    score: row.score,
    date: certificateDate(row.issued_at),
    project,
    title,
    verifyUrl: verifyUrlOf(origin, row.serial_no),
    qrPng,
    pngUrl: file('png'),
    pdfUrl: file('pdf'),
  };
}

async function withQr(deps: Deps, origin: string, row: CertificateRow, project: string, title: string): Promise<TCertificate> {
  const QRCode = await qrCode();
  const qr = await QRCode.toDataURL(verifyUrlOf(origin, row.serial_no), { margin: 1, width: 360, errorCorrectionLevel: 'M' });
  return certificateOf(deps, origin, row, project, title, qr);
}

async function openCertificate(deps: Deps, input: SheetProofInput) {
  const sheet = await provenSheet(deps.database.query, deps.secret, input, CERTIFICATE_MESSAGES.noSheet);
  if (sheet.project.question_type !== QUESTION_TYPE.exam) throw new AppError('403', CERTIFICATE_MESSAGES.notExam);
  const setting = await settingRow(deps.database.query, sheet.project.id);
  return { sheet, setting: setting?.enabled ? setting : null, score: sheet.score ?? 0 };
}

/** The result screen's card: may this sheet have a certificate, and the one it has. */
export async function certificateInfo(deps: Deps, origin: string, input: SheetProofInput): Promise<TCertificateInfo> {
  const sheet = await provenSheet(deps.database.query, deps.secret, input, CERTIFICATE_MESSAGES.noSheet);
  const setting = sheet.project.question_type === QUESTION_TYPE.exam ? await settingRow(deps.database.query, sheet.project.id) : null;
  const score = sheet.score ?? 0;
  if (!setting?.enabled) return { enabled: false, passed: false, score, passScore: 0, certificate: null, sheetName: null };
  const [row] = await deps.database.query<CertificateRow>('SELECT * FROM certificates WHERE sheet_id = $1', [sheet.id]);
  const certificate = row ? await withQr(deps, origin, row, sheet.project.title, setting.title) : null;
  const sheetName = certificate ? null : await sheetNameOf(deps.database.query, sheet.project.id, sheet.id, setting);
  return { enabled: true, passed: score >= setting.pass_score, score, passScore: setting.pass_score, certificate, sheetName };
}

/**
 * 领取证书: a passing sheet gets one certificate (asked again, the same one: its name is fixed once issued). The name
 * is the sheet's answer to the exam's 姓名 subject when it has one (a typed name is then ignored), else typed.
 */
export async function issueCertificate(deps: Deps, origin: string, input: SheetProofInput & { name: string }): Promise<TCertificate> {
  const { sheet, setting, score } = await openCertificate(deps, input);
  if (!setting) throw new AppError('403', CERTIFICATE_MESSAGES.closed);
  if (score < setting.pass_score) throw new AppError('403', CERTIFICATE_MESSAGES.notPassed(setting.pass_score));
  const name = (await sheetNameOf(deps.database.query, sheet.project.id, sheet.id, setting)) ?? input.name.trim();
  if (!name) throw badInput('请输入姓名', 'name');
  await deps.database.query(
    `INSERT INTO certificates (serial_no, project_id, sheet_id, holder_name, score, issued_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sheet_id) DO NOTHING`,
    [newSerialNo(deps.now()), sheet.project.id, sheet.id, name, score, deps.now()],
  );
  const [row] = await deps.database.query<CertificateRow>('SELECT * FROM certificates WHERE sheet_id = $1', [sheet.id]);
  return withQr(deps, origin, row!, sheet.project.title, setting.title);
}

/** The public check: a known number answers its facts, and invalid once its sheet left the valid ones or the exam was deleted. */
export async function verifyCertificate(deps: Deps, serialNo: string): Promise<TVerifyResult> {
  const [row] = await verifySql.run(deps.database.query, [serialNo.toUpperCase()]);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.unknown);
  const reason = row.deleted_at ? '考试已删除，证书已失效' : row.sheet_status !== 1 ? '答卷已作废，证书已失效' : '';
  return {
    valid: !reason,
    serialNo: row.serial_no,
    name: row.holder_name,
    score: row.score,
    date: certificateDate(row.issued_at),
    project: row.project_title,
    title: row.title ?? CERTIFICATE_DEFAULTS.title,
    reason,
  };
}

/** The face a file draws, for the holder's signed link only. */
export async function certificateFace(deps: Deps, origin: string, serialNo: string, token: string): Promise<CertificateFace> {
  if (!safeEqual(token, fileTokenOf(deps.secret, serialNo))) throw new AppError('403', CERTIFICATE_MESSAGES.link);
  const [row] = await verifySql.run(deps.database.query, [serialNo]);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.unknown);
  const fields: Record<string, string> = {
    '{姓名}': row.holder_name,
    '{分数}': String(row.score),
    '{日期}': certificateDate(row.issued_at),
    '{证书编号}': row.serial_no,
    '{项目}': row.project_title,
  };
  const body = (row.body ?? CERTIFICATE_DEFAULTS.body).replace(/\{(姓名|分数|日期|证书编号|项目)\}/g, (m) => fields[m] ?? m);
  return {
    title: row.title ?? CERTIFICATE_DEFAULTS.title,
    body,
    name: row.holder_name,
    serialNo: row.serial_no,
    date: certificateDate(row.issued_at),
    issuer: row.issuer ?? '',
    verifyUrl: verifyUrlOf(origin, row.serial_no),
  };
}
