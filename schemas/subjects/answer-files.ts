import { SUBJECT_TYPE } from './subject-types';

/** One uploaded file of an answer, as the report and the sheet detail list it (file subject 13, signature 33). */
export interface TAnswerFile {
  fileName: string;
  /** `/uploads/<name>`: opens for the project's members (the browser sends their login). */
  fileUrl: string;
  fileSize: number | null;
}

const isRef = (x: unknown): x is { fileUrl: string; fileName?: unknown; fileSize?: unknown } =>
  typeof x === 'object' && x !== null && typeof (x as { fileUrl?: unknown }).fileUrl === 'string';

/** The files of a stored answer of a file (13) or signature (33) subject; none for any other subject. */
export function answerFiles(subjectType: number, raw: unknown): TAnswerFile[] {
  const refs =
    subjectType === SUBJECT_TYPE.fileUpload && Array.isArray(raw) ? raw.filter(isRef) : subjectType === SUBJECT_TYPE.signature && isRef(raw) ? [raw] : [];
  return refs.map((r) => ({
    fileName:
      typeof r.fileName === 'string' && r.fileName
        ? r.fileName
        : subjectType === SUBJECT_TYPE.signature
          ? '签名.png'
          : r.fileUrl.slice(r.fileUrl.lastIndexOf('/') + 1),
    fileUrl: r.fileUrl,
    fileSize: typeof r.fileSize === 'number' ? r.fileSize : null,
  }));
}

/** Shown as a picture (a thumbnail); anything else is a download link with an icon. */
export const isPictureName = (fileName: string) => /\.(png|jpe?g|gif|webp)$/i.test(fileName);
