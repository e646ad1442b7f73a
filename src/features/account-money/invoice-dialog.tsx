import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INVOICE_STATE_TEXT, ZInvoiceDetails, type TInvoice } from '../../../schemas/api/invoice';
import type { TRechargeRecord } from '../../../schemas/api/recharge';
import { yuanOf } from '../../../schemas/money/catalog';
import { moneyKeys } from '../../api/money';
import { invoiceInfoQuery, invoiceKeys, revokeInvoice, saveInvoice, saveInvoiceAccount, type TInvoiceForm } from '../../api/invoices';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { formatDateTime } from '../../ui/format-time';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './account-money-styles';
import local from './invoice.module.css';

const EMPTY: TInvoiceForm = { titleType: 'personal', title: '', taxNo: '', email: '' };

/** The form's first refusal per field, in the server's own words (ZInvoiceDetails). */
function problemsOf(form: TInvoiceForm): Partial<Record<keyof TInvoiceForm, string>> {
  const checked = ZInvoiceDetails.safeParse(form);
  if (checked.success) return {};
  const out: Partial<Record<keyof TInvoiceForm, string>> = {};
  for (const issue of checked.error.issues) {
    const key = issue.path[0] as keyof TInvoiceForm;
    out[key] ??= issue.message;
  }
  return out;
}

function InvoiceView({ invoice, onEdit, onRevoked }: { invoice: TInvoice; onEdit: () => void; onRevoked: () => void }) {
  const revoke = useMutation({
    mutationFn: () => revokeInvoice(invoice.invoiceNo),
    onSuccess: () => {
      toast.success('发票申请已撤销');
      onRevoked();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  const rows: [string, string][] = [
    ['状态', INVOICE_STATE_TEXT[invoice.state]],
    ['开票金额', `¥${yuanOf(invoice.amountFen)}`],
    ['抬头类型', invoice.titleType === 'company' ? '企业' : '个人'],
    ['发票抬头', invoice.title],
    ...(invoice.taxNo ? ([['税号', invoice.taxNo]] as [string, string][]) : []),
    ['接收邮箱', invoice.email],
    ['申请时间', formatDateTime(invoice.createdAt)],
    ['申请编号', invoice.invoiceNo],
  ];
  return (
    <>
      <dl className={local.details} data-testid="invoice-details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {invoice.state === 'requested' ? (
        <>
          <p className={styles.hint}>发票由平台财务人员审核后开具，开具后将发送到接收邮箱；开具前可修改或撤销申请。</p>
          <div className={local.actions}>
            <Button onClick={onEdit}>修改信息</Button>
            <Button variant="danger" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              撤销申请
            </Button>
          </div>
        </>
      ) : null}
    </>
  );
}

function InvoiceForm({ order, initial, onSaved }: { order: TRechargeRecord; initial: TInvoiceForm; onSaved: () => void }) {
  const [form, setForm] = useState<TInvoiceForm>(initial);
  const [remember, setRemember] = useState(true);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = tried ? problemsOf(form) : {};
  const submit = useMutation({
    mutationFn: async () => {
      const invoice = await saveInvoice(order.orderNo, form);
      if (remember) await saveInvoiceAccount(form).catch(() => null);
      return invoice;
    },
    onSuccess: () => {
      toast.success('发票申请已提交');
      onSaved();
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const set = (patch: Partial<TInvoiceForm>) => {
    setForm({ ...form, ...patch });
    setRefusal(null);
  };
  const send = () => {
    setTried(true);
    if (Object.keys(problemsOf(form)).length === 0) submit.mutate();
  };
  const field = (key: 'title' | 'taxNo' | 'email', label: string, placeholder: string) => (
    <div className={styles.field}>
      <label className={local.labelled}>
        <span className={styles.label}>{label}</span>
        <input
          className={local.input}
          value={form[key] ?? ''}
          placeholder={placeholder}
          onChange={(e) => set({ [key]: e.target.value })}
          aria-invalid={problems[key] ? true : undefined}
          aria-describedby={problems[key] ? `invoice-${key}-error` : undefined}
        />
      </label>
      {problems[key] ? (
        <span className={styles.fieldError} id={`invoice-${key}-error`}>
          {problems[key]}
        </span>
      ) : null}
    </div>
  );
  return (
    <form
      className={local.form}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <p className={styles.hint}>开票金额 ¥{yuanOf(order.amountFen)}（按订单实付金额开具，增值税普通发票电子版）</p>
      <div role="radiogroup" aria-label="抬头类型" className={styles.choices}>
        {(['personal', 'company'] as const).map((type) => (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={form.titleType === type}
            className={styles.choice}
            onClick={() => set({ titleType: type })}
          >
            {type === 'personal' ? '个人' : '企业'}
          </button>
        ))}
      </div>
      {field('title', '发票抬头', form.titleType === 'company' ? '企业全称' : '个人姓名')}
      {form.titleType === 'company' ? field('taxNo', '税号', '纳税人识别号 / 统一社会信用代码') : null}
      {field('email', '接收邮箱', '开具后发送到此邮箱')}
      <label className={local.check}>
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> 保存为常用开票信息
      </label>
      {refusal ? (
        <p role="alert" className={`${styles.notice} ${styles.error}`}>
          {refusal}
        </p>
      ) : null}
      <div className={local.actions}>
        <Button type="submit" variant="primary" disabled={submit.isPending}>
          提交申请
        </Button>
      </div>
    </form>
  );
}

/**
 * 发票 of a paid recharge order: the request as it stands (申请中 until the platform issues it; 修改, 撤销 until
 * then), or the form to ask for one, filled with the saved invoice details. Nothing here claims an invoice is issued.
 */
export function InvoiceDialog({ order, onClose }: { order: TRechargeRecord; onClose: () => void }) {
  const info = useQuery(invoiceInfoQuery(order.orderNo));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.info(order.orderNo) });
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  };
  let body;
  if (info.isPending) body = <LoadingState compact />;
  else if (info.isError) body = <ErrorState compact title="发票信息加载失败" description={info.error.message} />;
  else if (info.data.invoice && !editing) body = <InvoiceView invoice={info.data.invoice} onEdit={() => setEditing(true)} onRevoked={refresh} />;
  else {
    const from = info.data.invoice ?? info.data.account;
    const initial: TInvoiceForm = from ? { titleType: from.titleType, title: from.title, taxNo: from.taxNo ?? '', email: from.email } : EMPTY;
    body = (
      <InvoiceForm
        order={order}
        initial={initial}
        onSaved={() => {
          setEditing(false);
          refresh();
        }}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={info.data?.invoice && !editing ? '发票申请' : '申请发票'} width={460}>
      {body}
    </Dialog>
  );
}
