import { CONTACT_TYPES, settlementRule, settlementRulesFor } from '../../../../schemas/merchant/constants';
import { ChoiceCards, SelectInput, TextInput, useForm } from '../merchant-form';
import { PictureInput } from '../merchant-inputs';

/** Step 6: who the payment platform talks to (the merchant's administrator). */
export function ContactStep() {
  const { draft } = useForm();
  return (
    <>
      <ChoiceCards
        label="联系人类型"
        path="contact_info.contact_type"
        required
        compact
        options={CONTACT_TYPES.map((c) => ({
          value: c.code,
          title: c.name,
          hint: c.code === '65' ? '由经营者或法定代表人本人管理' : '委托员工管理，需填写身份证号码',
        }))}
      />
      <TextInput label="联系人姓名" path="contact_info.contact_name" required maxLength={64} />
      {draft.contact_info.contact_type === '66' ? (
        <TextInput label="经办人身份证号码" path="contact_info.contact_id_card_number" required upper maxLength={18} />
      ) : null}
      <TextInput label="联系人手机号" path="contact_info.mobile_phone" required phone maxLength={11} type="tel" hint="用于接收审核、签约及账户变动通知" />
      <TextInput label="联系邮箱" path="contact_info.contact_email" type="email" placeholder="选填，用于接收电子对账单" />
    </>
  );
}

/** Step 7: how buyers see the merchant. */
export function SceneStep() {
  return (
    <>
      <TextInput label="商户名称" path="sales_scene_info.store_name" required hint="店铺或品牌名称，将展示在买家的支付页面" />
      <TextInput label="商户简称" path="sales_scene_info.merchant_shortname" required maxLength={20} hint="在支付完成页和账单中向买家展示，最多20个字" />
      <TextInput label="店铺链接" path="sales_scene_info.store_url" type="url" maxLength={512} placeholder="选填，以 http:// 或 https:// 开头" />
      <PictureInput label="店铺二维码" path="sales_scene_info.store_qr_code" hint="选填，小程序码或店铺二维码图片" />
    </>
  );
}

/** Step 8: the settlement rule (rate) and the industry it covers. */
export function SettlementStep() {
  const { draft } = useForm();
  const rules = settlementRulesFor(draft.business_license_info.organization_type);
  const rule = settlementRule(draft.settlement_info.settlement_id);
  return (
    <>
      <ChoiceCards
        label="结算规则"
        path="settlement_info.settlement_id"
        required
        compact
        options={rules.map((r) => ({ value: r.id, title: r.name, hint: `费率 ${r.rate} · 结算周期 T+1` }))}
      />
      <SelectInput
        label="所属行业"
        path="settlement_info.qualification_type"
        required
        options={(rule?.industries ?? []).map((name) => ({ value: name, label: name }))}
        placeholder={rule ? '请选择所属行业' : '请先选择结算规则'}
      />
    </>
  );
}
