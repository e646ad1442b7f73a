import { Building2, Store, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { FINANCE_TYPES, MAX_FINANCE_PICS, ORGANIZATION_TYPES } from '../../../../schemas/merchant/constants';
import { cx } from '../../../ui/cx';
import { ChoiceCards, Row, SelectInput, TextInput, useForm } from '../merchant-form';
import styles from '../merchant-form.module.css';
import { PeriodInput, PictureInput, PictureList } from '../merchant-inputs';

const ICONS: Record<string, ReactNode> = {
  '4': <Store size={18} aria-hidden />,
  '2': <Building2 size={18} aria-hidden />,
  '2401': <UserRound size={18} aria-hidden />,
};

/** Step 1: who applies. Enterprises also say whether they are a finance institution. */
export function SubjectStep() {
  const { draft, change } = useForm();
  const info = draft.business_license_info;
  return (
    <>
      <ChoiceCards
        label="主体类型"
        path="business_license_info.organization_type"
        required
        options={ORGANIZATION_TYPES.map((o) => ({ value: o.code, title: o.name, hint: o.hint, icon: ICONS[o.code] }))}
        hint="请按营业执照上的主体类型选择；没有营业执照的个人经营者请选择小微商户"
      />
      {info.organization_type === '2' ? (
        <Row label="是否金融机构" required id="finance-institution">
          <div role="radiogroup" aria-labelledby="finance-institution-label" className={cx(styles.choices, styles.choicesCompact)}>
            {[
              { value: false, title: '否', hint: '一般企业' },
              { value: true, title: '是', hint: '银行、支付、保险等持牌金融机构' },
            ].map((option) => (
              <button
                key={option.title}
                type="button"
                role="radio"
                aria-checked={info.finance_institution === option.value}
                className={cx(styles.choice, info.finance_institution === option.value && styles.choiceOn)}
                onClick={() => change('business_license_info.finance_institution', option.value)}
              >
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>{option.title}</span>
                  <span className={styles.choiceHint}>{option.hint}</span>
                </span>
              </button>
            ))}
          </div>
        </Row>
      ) : null}
    </>
  );
}

/** Step 2: the business licence (not for 小微商户). */
export function LicenseStep() {
  return (
    <>
      <PictureInput
        label="营业执照照片"
        path="business_license_info.business_license_copy"
        required
        hint="请上传营业执照正本或副本的彩色照片或扫描件，四角完整、文字清晰"
      />
      <TextInput
        label="统一社会信用代码"
        path="business_license_info.business_license_number"
        required
        upper
        maxLength={18}
        placeholder="18位统一社会信用代码或15位注册号"
      />
      <TextInput label="营业执照名称" path="business_license_info.merchant_name" required placeholder="与营业执照上的名称一致" />
      <TextInput label="法定代表人" path="business_license_info.legal_person" required placeholder="个体工商户请填写经营者姓名" maxLength={64} />
      <TextInput label="注册地址" path="business_license_info.company_address" required placeholder="与营业执照上的住所一致" maxLength={256} />
      <PeriodInput label="营业期限" beginPath="business_license_info.business_time.0" endPath="business_license_info.business_time.1" required />
    </>
  );
}

/** Step 3: finance institutions only. */
export function FinanceStep() {
  return (
    <>
      <SelectInput
        label="金融机构类型"
        path="finance_institution_info.finance_type"
        required
        options={FINANCE_TYPES.map((f) => ({ value: f.code, label: f.name }))}
      />
      <PictureList label="金融机构许可证" path="finance_institution_info.finance_license_pics" max={MAX_FINANCE_PICS} required />
    </>
  );
}
