import { CircleHelp, ClipboardList, Clock3 } from 'lucide-react';
import type { TMerchantDraft } from '../../../schemas/merchant/draft';
import styles from './merchant-page.module.css';

const MATERIALS: Record<string, string[]> = {
  '4': ['营业执照照片', '经营者身份证正反面照片', '对公账户或经营者本人银行卡', '联系人手机号'],
  '2': ['营业执照照片', '法定代表人身份证正反面照片', '对公银行账户', '受益所有人身份证件', '联系人手机号'],
  '2401': ['经营者身份证正反面照片', '经营者本人银行卡', '联系人手机号'],
};

/** Beside the form on wide screens: what to prepare, how long review takes, where to get help. */
export function MerchantAside({ draft }: { draft: TMerchantDraft }) {
  const materials = MATERIALS[draft.business_license_info.organization_type] ?? [
    '营业执照（小微商户无需）',
    '经营者身份证正反面照片',
    '银行账户信息',
    '联系人手机号',
  ];
  return (
    <aside className={styles.aside} aria-label="进件须知">
      <section className={styles.asideCard}>
        <h3>
          <ClipboardList size={16} aria-hidden />
          需要准备的资料
        </h3>
        <ul className={styles.checklist}>
          {materials.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section className={styles.asideCard}>
        <h3>
          <Clock3 size={16} aria-hidden />
          办理流程
        </h3>
        <ol className={styles.flow}>
          <li>
            <strong>填写资料</strong>约 10 分钟，自动保存草稿
          </li>
          <li>
            <strong>资料审核</strong>1～3 个工作日
          </li>
          <li>
            <strong>扫码签约</strong>超级管理员微信扫码确认
          </li>
          <li>
            <strong>开通收款</strong>资金 T+1 结算到账
          </li>
        </ol>
      </section>
      <section className={styles.asideCard}>
        <h3>
          <CircleHelp size={16} aria-hidden />
          常见问题
        </h3>
        <p className={styles.asideText}>填写的内容会自动保存在本浏览器中，刷新或关闭页面后可继续填写。「重置」保留申请单号，「清空」将开始一份新的申请。</p>
      </section>
    </aside>
  );
}
