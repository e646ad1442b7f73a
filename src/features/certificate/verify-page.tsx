import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import type { TVerifyResult } from '../../../schemas/api/certificate';
import { verifyCertificate } from '../../api/draw';
import { useGo } from '../../app/navigation';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { ErrorState, LoadingState } from '../../ui/states';
import styles from './verify-styles';

function Verdict({ result }: { result: TVerifyResult }) {
  return (
    <>
      <div className={cx(styles.badge, result.valid ? styles.valid : styles.invalid)} role="status">
        {result.valid ? <ShieldCheck size={44} aria-hidden /> : <ShieldAlert size={44} aria-hidden />}
        {result.valid ? '证书有效' : '证书已失效'}
      </div>
      {result.reason ? <p className={styles.invalid}>{result.reason}</p> : null}
      <dl className={styles.facts}>
        <dt>证书名称</dt>
        <dd>{result.title}</dd>
        <dt>姓名</dt>
        <dd>{result.name}</dd>
        <dt>分数</dt>
        <dd>{result.score} 分</dd>
        <dt>颁发日期</dt>
        <dd>{result.date}</dd>
        <dt>考试项目</dt>
        <dd>{result.project}</dd>
        <dt>证书编号</dt>
        <dd>{result.serialNo}</dd>
      </dl>
    </>
  );
}

function Lookup({ serialNo }: { serialNo: string }) {
  const found = useQuery({ queryKey: ['certificate', 'verify', serialNo], queryFn: () => verifyCertificate(serialNo), retry: false });
  if (found.isPending) return <LoadingState label="正在查验…" />;
  if (found.isError)
    return <ErrorState icon={<ShieldQuestion size={32} />} title={found.error.message} description="请核对证书上的编号，或扫描证书上的二维码" />;
  return <Verdict result={found.data} />;
}

/** /certificate/verify.html?no=…: anyone checks an exam certificate by its serial number (public, issue 49 item 5). */
export function CertificateVerifyPage() {
  const go = useGo();
  const initial = new URLSearchParams(go.search()).get('no') ?? '';
  const [serialNo, setSerialNo] = useState(initial);
  const [typed, setTyped] = useState(initial);
  return (
    <main className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title}>证书查验</h1>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            setSerialNo(typed.trim());
          }}
        >
          <input aria-label="证书编号" placeholder="请输入证书编号" value={typed} maxLength={40} onChange={(e) => setTyped(e.target.value)} />
          <Button type="submit" variant="primary">
            查验
          </Button>
        </form>
        {serialNo ? <Lookup key={serialNo} serialNo={serialNo} /> : null}
      </section>
    </main>
  );
}

export default CertificateVerifyPage;
