import { Link } from '@tanstack/react-router';
import { CircleCheckBig, CircleX, FileSignature, Hourglass, RefreshCw } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import type { TMerchantView } from '../../../machines/merchant-onboarding/merchant-onboarding.selectors';
import type { TApplicationStatus } from '../../../machines/merchant-onboarding/merchant-onboarding.types';
import { STEP_TITLES } from '../../../schemas/merchant/constants';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import styles from './status-view.module.css';

interface TStatusProps {
  view: Extract<TMerchantView, 'submitted' | 'auditing' | 'rejected' | 'toBeSigned' | 'finished'>;
  application: TApplicationStatus | null;
  checking: boolean;
  onRefresh: () => void;
  onEdit: () => void;
  onNew: () => void;
}

const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '');

function Refresh({ checking, onRefresh }: { checking: boolean; onRefresh: () => void }) {
  return (
    <Button onClick={onRefresh} disabled={checking}>
      <RefreshCw size={14} className={checking ? styles.spin : undefined} aria-hidden />
      {checking ? '正在刷新…' : '刷新状态'}
    </Button>
  );
}

/** After submit (spec: submitted → auditing → rejected / to-be-signed / finished): where the application is. */
export function StatusView({ view, application, checking, onRefresh, onEdit, onNew }: TStatusProps) {
  let tone: 'wait' | 'bad' | 'sign' | 'good' = 'wait';
  let icon: ReactNode = <Hourglass size={30} aria-hidden />;
  let title = '审核中';
  let text: ReactNode = '资料已提交，预计 1～3 个工作日内完成审核，审核结果会在本页更新，请留意联系人手机短信。';
  let actions: ReactNode = <Refresh checking={checking} onRefresh={onRefresh} />;
  let body: ReactNode = null;

  if (view === 'submitted') {
    title = '已提交';
    text = '资料已提交，正在进入审核…';
  } else if (view === 'rejected') {
    tone = 'bad';
    icon = <CircleX size={30} aria-hidden />;
    title = '已驳回';
    text = '很抱歉，您的资料未通过审核，请根据以下原因修改后重新提交。';
    body = (
      <ol className={styles.reasons} aria-label="驳回原因">
        {(application?.reject_reasons ?? []).map((reason, i) => (
          <li key={i}>
            <span className={styles.reasonStep}>{STEP_TITLES[reason.step]}</span>
            <span>{reason.reason}</span>
          </li>
        ))}
      </ol>
    );
    actions = (
      <>
        <Button variant="primary" onClick={onEdit}>
          去修改
        </Button>
        <Button onClick={onNew}>重新填写</Button>
      </>
    );
  } else if (view === 'toBeSigned') {
    tone = 'sign';
    icon = <FileSignature size={30} aria-hidden />;
    title = '待签约';
    text = '审核已通过！请超级管理员使用微信扫描下方二维码，核对信息并完成签约，签约后即可开始收款。';
    const url = application?.sign_url ? new URL(application.sign_url, location.origin).toString() : '';
    body = url ? (
      <div className={styles.signBox}>
        <QRCodeSVG value={url} size={148} marginSize={1} aria-label="签约二维码" />
        <span>签约二维码 30 天内有效</span>
      </div>
    ) : null;
  } else if (view === 'finished') {
    tone = 'good';
    icon = <CircleCheckBig size={30} aria-hidden />;
    title = '已完成';
    text = '恭喜，商户开通成功！现在可以在在线收款项目中使用微信支付收款，资金将结算到您的银行账户。';
    body = application?.sub_mchid ? (
      <p className={styles.mchid}>
        商户号 <strong>{application.sub_mchid}</strong>
      </p>
    ) : null;
    actions = (
      <>
        <Button variant="primary" asChild>
          <Link to="/questionnaire/createOnline.html">创建收款项目</Link>
        </Button>
        <Button onClick={onNew}>新建申请</Button>
      </>
    );
  }

  return (
    <section className={styles.card} aria-live="polite">
      <div className={cx(styles.badge, styles[tone])}>{icon}</div>
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text}</p>
      {body}
      <div className={styles.actions}>{actions}</div>
      {application ? (
        <dl className={styles.facts}>
          <div>
            <dt>商户名称</dt>
            <dd>{application.merchant_name}</dd>
          </div>
          <div>
            <dt>申请单号</dt>
            <dd>{application.out_request_no}</dd>
          </div>
          <div>
            <dt>提交时间</dt>
            <dd>{when(application.submitted_at)}</dd>
          </div>
        </dl>
      ) : null}
      {application?.history?.length ? (
        <ol className={styles.timeline} aria-label="处理记录">
          {[...application.history].reverse().map((event, i) => (
            <li key={i} className={i === 0 ? styles.latest : undefined}>
              <span className={styles.timelineDesc}>{event.desc}</span>
              <time className={styles.timelineTime}>{when(event.at)}</time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
