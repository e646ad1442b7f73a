import { Link } from '@tanstack/react-router';
import { LoaderCircle, PencilLine, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TPayItem } from '../../../machines/pay-quick-start/pay-quick-start.types';
import { QUICK_PAY_LIMITS } from '../../../machines/pay-quick-start/pay-quick-start.operations';
import { LimitDialog } from '../../api/use-creation';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import styles from '../../ui/quick-start.module.css';
import { MerchantNote } from './merchant-note';
import { blankItem, PayQuickItems } from './pay-quick-items';
import { PayQuickShare } from './pay-quick-share';
import { usePayQuickStart } from './use-pay-quick-start';

const FULL_CREATE = '/questionnaire/createOnline.html';

/**
 * /questionnaire/quickOnline.html: a 收款 page from one phone screen (issue 47 item 5) — title, description, the items
 * and their prices, 发布, then its link to share; whether the money can reach the organiser is said, not assumed.
 */
export function PayQuickStartPage() {
  const pay = usePayQuickStart();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [items, setItems] = useState<TPayItem[]>(() => [blankItem()]);

  if (pay.published && pay.questionId) return <PayQuickShare questionId={pay.questionId} title={title.trim()} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.publish({ title, description, items });
  };
  const created = pay.questionId !== null;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1>发起收款</h1>
        <p>填好收什么、多少钱，发布后把链接发到群里</p>
      </header>
      <MerchantNote />
      <form className={styles.card} onSubmit={submit} noValidate aria-label="收款">
        <label className={styles.field}>
          <span>收款标题</span>
          <input
            value={title}
            maxLength={QUICK_PAY_LIMITS.titleMax}
            placeholder="如：三年二班班费"
            readOnly={created}
            onChange={(event) => setTitle(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>收款说明（选填）</span>
          <textarea
            value={description}
            rows={3}
            maxLength={5000}
            placeholder="用途、截止时间、联系人等"
            readOnly={created}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
        <PayQuickItems value={items} onChange={setItems} locked={created} />
        <small className={styles.steps}>付款人填写姓名（必填）和手机号（选填）；库存、规格和每人限购可在完整编辑中设置</small>
        {pay.error ? (
          <p className={styles.error} role="alert">
            {pay.error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" size="lg" block disabled={pay.busy}>
          {pay.busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Send size={16} aria-hidden />}
          {pay.step ?? '发布收款'}
        </Button>
      </form>
      <p className={styles.more}>
        需要更多题目或设置？
        <Link to={created ? projectHref.editor(pay.questionId!) : FULL_CREATE}>
          <PencilLine size={14} aria-hidden />
          完整编辑
        </Link>
      </p>
      <LimitDialog limit={pay.limit} onConfirm={pay.confirmLimit} onCancel={pay.dismissLimit} />
    </div>
  );
}

export default PayQuickStartPage;
