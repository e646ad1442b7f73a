import { useEffect, useState } from 'react';
import type { TCertificate, TCertificateInfo } from '../../../schemas/api/certificate';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import { callOf } from '../api';
import type { TSheetProof } from './lucky-draw';

function Issued({ certificate }: { certificate: TCertificate }) {
  return (
    <>
      <img className="r-cert-img" src={certificate.pngUrl} alt={`${certificate.title}：${certificate.name}`} />
      <p className="r-after-note">证书编号：{certificate.serialNo}，扫描证书上的二维码可查验真伪</p>
      <div className="r-cert-row">
        <a className="r-btn r-btn-primary" href={certificate.pngUrl} download>
          下载证书
        </a>
        <a className="r-btn" href={certificate.pdfUrl} download>
          下载 PDF
        </a>
      </div>
    </>
  );
}

/**
 * The name once: the sheet's answer to the exam's 姓名 subject when it has one (shown, not typed), else typed.
 */
function NameForm({ proof, sheetName, onIssued }: { proof: TSheetProof; sheetName: string | null; onIssued: (c: TCertificate) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="r-after-form"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError('');
        callOf(CALL_PATHS.certificate.issueCertificate, { ...proof, name: sheetName ?? name }).then(onIssued, (err: Error) => {
          setError(err.message);
          setBusy(false);
        });
      }}
    >
      {sheetName ? (
        <p className="r-after-note">
          证书上的姓名：<strong>{sheetName}</strong>（取自答卷中填写的姓名）
        </p>
      ) : (
        <label>
          证书上的姓名（领取后不可修改）
          <input className="r-input" value={name} maxLength={20} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      {error ? <p className="r-after-error">{error}</p> : null}
      <button type="submit" className="r-btn r-btn-primary" disabled={busy}>
        {busy ? '生成中…' : '领取证书'}
      </button>
    </form>
  );
}

/** 考试证书 after a passing sheet: the name once (from the sheet where it has one), then the certificate with its PNG and PDF. */
export function CertificateCard({ proof }: { proof: TSheetProof }) {
  const [info, setInfo] = useState<TCertificateInfo | null>(null);
  useEffect(() => {
    let live = true;
    callOf(CALL_PATHS.certificate.getCertificateInfo, proof).then(
      (data) => live && setInfo(data),
      () => live && setInfo(null),
    );
    return () => {
      live = false;
    };
  }, [proof]);
  if (!info?.enabled) return null;
  return (
    <section className="r-after" aria-labelledby="r-cert-title">
      <h2 id="r-cert-title">考试证书</h2>
      {info.certificate ? (
        <Issued certificate={info.certificate} />
      ) : info.passed ? (
        <NameForm proof={proof} sheetName={info.sheetName ?? null} onIssued={(certificate) => setInfo({ ...info, certificate })} />
      ) : (
        <p className="r-after-note">
          本次得分 {info.score} 分，未达到合格分数 {info.passScore} 分，暂不能领取证书
        </p>
      )}
    </section>
  );
}
