import { useMemo } from 'react';
import type { TSubmitResult } from '../../../schemas/api/write';
import { CertificateCard } from './certificate-card';
import { LuckyDraw } from './lucky-draw';
import './draw.css';

/** The cards after a valid sheet (issue 49 item 5): 答题抽奖 and 考试证书 (exams); each shows only when the creator set it up. */
export function AfterSubmit({ questionId, result }: { questionId: string; result: TSubmitResult }) {
  const { sheetId, sheetProof } = result;
  const proof = useMemo(() => (sheetProof ? { questionId, sheetId, sheetProof } : null), [questionId, sheetId, sheetProof]);
  if (!proof) return null;
  return (
    <>
      <LuckyDraw proof={proof} />
      <CertificateCard proof={proof} />
    </>
  );
}
