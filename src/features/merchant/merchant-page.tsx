import { CircleAlert, Eraser, RotateCcw, ShieldCheck, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { STEP_TITLES, type TStepKey } from '../../../schemas/merchant/constants';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import { MerchantAside } from './merchant-aside';
import { MerchantFormProvider } from './merchant-form';
import styles from './merchant-page.module.css';
import { StatusView } from './status-view';
import { StepIndicator } from './step-indicator';
import { AccountStep } from './steps/account-step';
import { FinanceStep, LicenseStep, SubjectStep } from './steps/basic-steps';
import { ContactStep, SceneStep, SettlementStep } from './steps/contact-steps';
import { IdentityStep } from './steps/identity-step';
import { ReviewStep } from './steps/review-step';
import { UboStep } from './steps/ubo-step';
import { useMerchant, type TMerchant } from './use-merchant';

const DESCRIPTIONS: Record<TStepKey, string> = {
  subject: '请选择与营业执照一致的主体类型，不同类型需要准备的资料不同。',
  license: '请上传营业执照并填写执照上的信息，须与执照完全一致。',
  finance: '金融机构需提供相应的金融业务经营许可证。',
  identity: '请提供经营者或法定代表人本人的有效证件，证件须在有效期内。',
  account: '收款资金将结算到此账户，请确保账户信息准确无误。',
  contact: '联系人将作为商户超级管理员，接收审核、签约及资金变动等重要通知。',
  scene: '设置买家在支付页面看到的商户名称与简称。',
  settlement: '根据经营的商品或服务选择结算规则与所属行业。',
  ubo: '请填写企业的全部受益所有人信息。',
  review: '请核对全部信息，确认无误后提交审核。',
};

function StepBody({ m }: { m: TMerchant }) {
  switch (m.stepKey) {
    case 'subject':
      return <SubjectStep />;
    case 'license':
      return <LicenseStep />;
    case 'finance':
      return <FinanceStep />;
    case 'identity':
      return <IdentityStep />;
    case 'account':
      return <AccountStep />;
    case 'contact':
      return <ContactStep />;
    case 'scene':
      return <SceneStep />;
    case 'settlement':
      return <SettlementStep />;
    case 'ubo':
      return <UboStep onAdd={m.addOwner} onRemove={m.removeOwner} />;
    case 'review':
      return <ReviewStep onEdit={m.goTo} />;
  }
}

type TConfirm = 'reset' | 'clear' | null;

function ConfirmDialog({ kind, number, onClose, onConfirm }: { kind: TConfirm; number: string; onClose: () => void; onConfirm: () => void }) {
  const reset = kind === 'reset';
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      width={420}
      title={reset ? '确定重置表单？' : '确定清空全部内容？'}
      description={
        reset
          ? `将清除已填写的全部内容，仅保留申请单号${number ? ` ${number}` : ''}，重新提交仍为同一申请。`
          : '将清除全部填写内容和申请单号，并回到第 1 步，此操作不可恢复。'
      }
      footer={
        <>
          <DialogClose asChild>
            <Button>取消</Button>
          </DialogClose>
          <Button variant={reset ? 'primary' : 'danger'} onClick={onConfirm}>
            {reset ? '确定重置' : '确定清空'}
          </Button>
        </>
      }
    />
  );
}

function Editor({ m }: { m: TMerchant }) {
  const [confirm, setConfirm] = useState<TConfirm>(null);
  const top = useRef<HTMLDivElement>(null);
  const submitting = m.view === 'submitting';
  const last = m.step === m.steps.length;
  useEffect(() => {
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) window.scrollTo({ top: window.scrollY + box.top - 80 });
  }, [m.step]);
  return (
    <>
      <div ref={top} />
      <StepIndicator steps={m.steps} onGoTo={m.goTo} />
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="merchant-step-title">
          <header className={styles.cardHead}>
            <h2 id="merchant-step-title">
              <span className={styles.stepNo}>{m.step}</span>
              {STEP_TITLES[m.stepKey]}
            </h2>
            <p>{DESCRIPTIONS[m.stepKey]}</p>
          </header>
          <div className={styles.cardBody}>
            <MerchantFormProvider value={{ draft: m.draft, errors: m.errors, change: m.change }}>
              <StepBody m={m} />
            </MerchantFormProvider>
          </div>
          {m.error ? (
            <p className={styles.formError} role="alert">
              <CircleAlert size={14} aria-hidden />
              {m.error}
            </p>
          ) : null}
          <footer className={styles.actions}>
            <div className={styles.actionsSide}>
              <Button variant="ghost" onClick={() => setConfirm('reset')} disabled={submitting}>
                <RotateCcw size={14} aria-hidden />
                重置
              </Button>
              <Button variant="ghost" onClick={() => setConfirm('clear')} disabled={submitting}>
                <Eraser size={14} aria-hidden />
                清空
              </Button>
            </div>
            <div className={styles.actionsMain}>
              <Button onClick={m.back} disabled={m.step === 1 || submitting}>
                上一步
              </Button>
              {last ? (
                <Button variant="primary" onClick={m.submit} disabled={submitting}>
                  {submitting ? '提交中…' : '提交审核'}
                </Button>
              ) : (
                <Button variant="primary" onClick={m.next}>
                  下一步
                </Button>
              )}
            </div>
          </footer>
        </section>
        <MerchantAside draft={m.draft} />
      </div>
      <ConfirmDialog
        kind={confirm}
        number={m.draft.out_request_no}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'reset') m.reset();
          else m.clear();
          setConfirm(null);
        }}
      />
    </>
  );
}

/** /merchant.html: merchant onboarding for WeChat Pay collection (spec §3–§5, §7 active/wxPay). */
export function MerchantPage() {
  const m = useMerchant();
  let content;
  if (m.view === 'loading') content = <LoadingState label="正在读取申请信息…" className={styles.stateCard} />;
  else if (m.view === 'loadFailed')
    content = <ErrorState title="申请信息读取失败" description={m.error} className={styles.stateCard} actions={<Button onClick={m.reload}>重新加载</Button>} />;
  else if (m.view === 'editing' || m.view === 'submitting') content = <Editor m={m} />;
  else content = <StatusView view={m.view} application={m.application} checking={m.checking} onRefresh={m.refresh} onEdit={m.edit} onNew={m.clear} />;

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <header className={styles.hero}>
          <span className={styles.heroIcon} aria-hidden>
            <Wallet size={24} />
          </span>
          <div className={styles.heroText}>
            <h1>商户进件</h1>
            <p>开通微信支付收款，买家付款直接结算到您的银行账户</p>
          </div>
          <div className={styles.heroMeta}>
            <span className={styles.secure}>
              <ShieldCheck size={14} aria-hidden />
              资料仅用于商户开户审核
            </span>
            {m.draft.out_request_no ? <span className={styles.number}>申请单号 {m.draft.out_request_no}</span> : null}
          </div>
        </header>
        {content}
      </div>
    </div>
  );
}

export default MerchantPage;
