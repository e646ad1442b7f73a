import { z } from 'zod';
import { contract, fileRoute } from './contract';
import { ZQuestionId } from './question';

/**
 * Exam certificates and share posters (issue 49 item 5): spec §7's "certificates" and "posters" are
 * `activity/question/certificate/<name>` and `activity/question/poster/<name>` (docs/decisions.md). A passing
 * sheet's respondent asks for their certificate with the submit's signed sheet proof; anyone checks a serial
 * number at /certificate/verify.html; the files are GET routes signed per certificate.
 */
const C = 'activity/question/certificate/';
const PO = 'activity/question/poster/';

/** The fields a template's body may name; the certificate fills them in. */
export const CERTIFICATE_FIELDS = ['{姓名}', '{分数}', '{日期}', '{证书编号}', '{项目}'] as const;
export const CERTIFICATE_DEFAULTS = {
  title: '结业证书',
  body: '{姓名} 同学在「{项目}」中取得 {分数} 分的成绩，成绩合格，特发此证。',
} as const;

export const CERTIFICATE_MESSAGES = {
  notExam: '证书仅适用于考试项目',
  closed: '该考试未开启证书',
  notPassed: (pass: number) => `成绩未达到${pass}分，暂不能领取证书`,
  noSheet: '请先提交有效答卷后再领取证书',
  unknown: '证书不存在，请核对证书编号',
  link: '证书下载链接无效',
} as const;

const ZSheetProof = {
  questionId: ZQuestionId,
  sheetId: z.string({ error: CERTIFICATE_MESSAGES.noSheet }).min(1, CERTIFICATE_MESSAGES.noSheet).max(64, CERTIFICATE_MESSAGES.noSheet),
  sheetProof: z.string({ error: CERTIFICATE_MESSAGES.noSheet }).min(1, CERTIFICATE_MESSAGES.noSheet).max(128, CERTIFICATE_MESSAGES.noSheet),
};

export const ZCertificateSetting = z.object({
  enabled: z.boolean(),
  title: z.string(),
  body: z.string(),
  issuer: z.string(),
  passScore: z.number(),
  /** The exam's full marks, to check the pass score against. */
  maxScore: z.number(),
  issued: z.number(),
  /** The subject whose answer is the name on the certificate; '' = the first single-line text titled 姓名. */
  nameSubject: z.string(),
});
export type TCertificateSetting = z.infer<typeof ZCertificateSetting>;

export const ZSaveCertificateRequest = z.object({
  questionId: ZQuestionId,
  enabled: z.boolean({ error: '请选择是否开启证书' }),
  title: z.string({ error: '请输入证书标题' }).trim().min(1, '请输入证书标题').max(20, '证书标题不能超过20个字'),
  body: z.string({ error: '请输入证书正文' }).trim().min(1, '请输入证书正文').max(300, '证书正文不能超过300个字'),
  issuer: z.string().trim().max(30, '颁发单位不能超过30个字').default(''),
  passScore: z.number({ error: '请输入合格分数' }).min(0, '合格分数不能小于0').max(100_000, '合格分数过大'),
  nameSubject: z.string({ error: '姓名题无效' }).max(64, '姓名题无效').default(''),
});

export const ZCertificate = z.object({
  serialNo: z.string(),
  name: z.string(),
  score: z.number(),
  /** YYYY-MM-DD, Asia/Shanghai. */
  date: z.string(),
  project: z.string(),
  title: z.string(),
  verifyUrl: z.string(),
  qrPng: z.string(),
  pngUrl: z.string(),
  pdfUrl: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

export const ZCertificateInfo = z.object({
  enabled: z.boolean(),
  passed: z.boolean(),
  score: z.number(),
  passScore: z.number(),
  certificate: ZCertificate.nullable(),
  /** The name the sheet answered in the exam's 姓名 subject: the certificate carries it and nothing is typed; null = typed. */
  sheetName: z.string().nullable(),
});
export type TCertificateInfo = z.infer<typeof ZCertificateInfo>;

export const ZVerifyResult = z.object({
  valid: z.boolean(),
  serialNo: z.string(),
  name: z.string(),
  score: z.number(),
  date: z.string(),
  project: z.string(),
  title: z.string(),
  /** Why a known certificate is no longer valid (its sheet was moved to the bin or the exam deleted). */
  reason: z.string(),
});
export type TVerifyResult = z.infer<typeof ZVerifyResult>;

export const ZSerialNo = z.string({ error: '请输入证书编号' }).trim().min(1, '请输入证书编号').max(40, CERTIFICATE_MESSAGES.unknown);
export const ZCertificateFileQuery = z.object({
  no: ZSerialNo,
  token: z.string({ error: CERTIFICATE_MESSAGES.link }).min(1, CERTIFICATE_MESSAGES.link).max(128, CERTIFICATE_MESSAGES.link),
  format: z.enum(['png', 'pdf'], { error: '格式须为 png 或 pdf' }),
});

export const ZPoster = z.object({ fileName: z.string(), png: z.string(), url: z.string() });
export type TPoster = z.infer<typeof ZPoster>;

export const certificateCalls = {
  getCertificateSetting: contract({
    path: `${C}getCertificateSetting`,
    summary: '考试证书：读取证书模板',
    request: z.object({ questionId: ZQuestionId }),
    response: ZCertificateSetting,
    auth: 'required',
  }),
  saveCertificateSetting: contract({
    path: `${C}saveCertificateSetting`,
    summary: '考试证书：保存证书模板（标题、正文、合格分数）',
    request: ZSaveCertificateRequest,
    response: ZCertificateSetting,
    auth: 'required',
    okMessage: '保存成功',
  }),
  getCertificateInfo: contract({
    path: `${C}getCertificateInfo`,
    summary: '考试证书：提交后能否领取证书（凭答卷凭证）',
    request: z.object(ZSheetProof),
    response: ZCertificateInfo,
    auth: 'optional',
  }),
  issueCertificate: contract({
    path: `${C}issueCertificate`,
    summary: '考试证书：合格答卷领取证书',
    // The name is typed only where the sheet has no 姓名 answer (the sheet's answer wins when it has one).
    request: z.object({ ...ZSheetProof, name: z.string({ error: '请输入姓名' }).trim().max(20, '姓名不能超过20个字').default('') }),
    response: ZCertificate,
    auth: 'optional',
  }),
  verifyCertificate: contract({
    path: `${C}verifyCertificate`,
    summary: '考试证书：按证书编号查验真伪',
    request: z.object({ serialNo: ZSerialNo }),
    response: ZVerifyResult,
    auth: 'optional',
  }),
  getPoster: contract({
    path: `${PO}getPoster`,
    summary: '分享海报：封面、标题与项目二维码（PNG）',
    request: z.object({ questionId: ZQuestionId }),
    response: ZPoster,
    auth: 'required',
  }),
};

export const certificateFileRoutes = {
  download: fileRoute({
    path: `${C}download`,
    summary: '考试证书：下载证书（PNG 或 PDF）',
    query: ZCertificateFileQuery,
    auth: 'optional',
    mediaType: 'application/octet-stream',
  }),
};
