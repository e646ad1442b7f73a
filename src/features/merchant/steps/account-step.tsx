import { ACCOUNT_TYPES, accountTypesFor } from '../../../../schemas/merchant/constants';
import { operatorName } from '../../../../schemas/merchant/rules';
import { ChoiceCards, TextInput, useForm } from '../merchant-form';
import { BankPicker, BranchPicker, RegionPicker } from '../pickers';

/** Step 5: where the money goes. */
export function AccountStep() {
  const { draft } = useForm();
  const allowed = accountTypesFor(draft.business_license_info.organization_type) ?? [];
  const type = draft.account_info.bank_account_type;
  const nameHint =
    type === 'BANK_ACCOUNT_TYPE_CORPORATE'
      ? `须与营业执照名称一致${draft.business_license_info.merchant_name ? `：${draft.business_license_info.merchant_name}` : ''}`
      : type === 'BANK_ACCOUNT_TYPE_PERSONAL'
        ? `须与经营者证件姓名一致${operatorName(draft) ? `：${operatorName(draft)}` : ''}`
        : undefined;
  return (
    <>
      <ChoiceCards
        label="账户类型"
        path="account_info.bank_account_type"
        required
        compact
        options={ACCOUNT_TYPES.filter((a) => allowed.includes(a.code)).map((a) => ({
          value: a.code,
          title: a.name,
          hint: a.code === 'BANK_ACCOUNT_TYPE_CORPORATE' ? '以营业执照主体开立的对公账户' : '经营者本人名下的借记卡',
        }))}
      />
      <TextInput label="开户名称" path="account_info.account_name" required hint={nameHint} />
      <BankPicker />
      <RegionPicker />
      <BranchPicker />
      <TextInput label="银行账号" path="account_info.account_number" required numeric maxLength={30} placeholder="请输入银行卡号或对公账号" />
    </>
  );
}
