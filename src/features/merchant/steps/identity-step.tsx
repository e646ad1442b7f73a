import { ID_DOC_TYPES, MAINLAND_IDCARD } from '../../../../schemas/merchant/constants';
import { SelectInput, TextInput, useForm } from '../merchant-form';
import { PeriodInput, PicturePair } from '../merchant-inputs';

const DOC_OPTIONS = ID_DOC_TYPES.map((d) => ({ value: d.code, label: d.name }));

/** Step 4: the operator's (or legal representative's) ID card, or another identity document. */
export function IdentityStep() {
  const { draft } = useForm();
  const mainland = (draft.id_doc_info.id_doc_type || MAINLAND_IDCARD) === MAINLAND_IDCARD;
  const who = draft.business_license_info.organization_type === '2' ? '法定代表人' : '经营者';
  return (
    <>
      <SelectInput label="证件类型" path="id_doc_info.id_doc_type" options={DOC_OPTIONS} required hint={`请提供${who}本人的有效证件`} />
      {mainland ? (
        <>
          <PicturePair
            label="身份证照片"
            required
            items={[
              { path: 'id_card_info.id_card_copy', label: '身份证人像面照片', caption: '人像面' },
              { path: 'id_card_info.id_card_national', label: '身份证国徽面照片', caption: '国徽面' },
            ]}
          />
          <TextInput label="身份证姓名" path="id_card_info.id_card_name" required maxLength={64} placeholder={`请输入${who}姓名`} />
          <TextInput label="身份证号码" path="id_card_info.id_card_number" required upper maxLength={18} placeholder="18位身份证号码" />
          <TextInput label="身份证住址" path="id_card_info.id_card_address" maxLength={256} placeholder="选填，与身份证上的住址一致" />
          <PeriodInput label="证件有效期" beginPath="id_card_info.id_card_valid_time_begin" endPath="id_card_info.id_card_valid_time" required />
        </>
      ) : (
        <>
          <PicturePair
            label="证件照片"
            required
            items={[
              { path: 'id_doc_info.id_doc_copy', label: '证件正面照片', caption: '正面' },
              { path: 'id_doc_info.id_doc_copy_back', label: '证件反面照片', caption: '反面（选填）' },
            ]}
          />
          <TextInput label="证件姓名" path="id_doc_info.id_doc_name" required maxLength={64} />
          <TextInput label="证件号码" path="id_doc_info.id_doc_number" required upper maxLength={30} />
          <PeriodInput label="证件有效期" beginPath="id_doc_info.doc_period_begin" endPath="id_doc_info.doc_period_end" required />
        </>
      )}
    </>
  );
}
