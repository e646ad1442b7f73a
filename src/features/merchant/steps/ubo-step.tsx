import { Plus, Trash2 } from 'lucide-react';
import { ID_DOC_TYPES, MAINLAND_IDCARD, MAX_UBO } from '../../../../schemas/merchant/constants';
import { Button } from '../../../ui/button';
import { SelectInput, TextInput, useForm } from '../merchant-form';
import { PeriodInput, PicturePair } from '../merchant-inputs';
import styles from '../merchant-page.module.css';

const DOC_OPTIONS = ID_DOC_TYPES.map((d) => ({ value: d.code, label: d.name }));

/** Step 9 (enterprises): the natural persons who ultimately own or control the company. */
export function UboStep({ onAdd, onRemove }: { onAdd: () => void; onRemove: (index: number) => void }) {
  const { draft, errors } = useForm();
  const owners = draft.ubo_info_list;
  return (
    <>
      <p className={styles.notice}>
        受益所有人指最终直接或间接拥有企业 25% 以上股权或表决权，或实际控制企业的自然人。请如实填写全部受益所有人，最多 {MAX_UBO} 位。
      </p>
      {owners.map((owner, i) => {
        const at = (field: string) => `ubo_info_list.${i}.${field}`;
        const mainland = (owner.ubo_id_doc_type || MAINLAND_IDCARD) === MAINLAND_IDCARD;
        return (
          <section key={i} className={styles.subCard} aria-label={`受益所有人 ${i + 1}`}>
            <header className={styles.subCardHead}>
              <h3>受益所有人 {i + 1}</h3>
              <Button variant="ghost" size="sm" onClick={() => onRemove(i)} aria-label={`删除受益所有人 ${i + 1}`}>
                <Trash2 size={14} aria-hidden />
                删除
              </Button>
            </header>
            <SelectInput label="证件类型" path={at('ubo_id_doc_type')} options={DOC_OPTIONS} required />
            <TextInput label="姓名" path={at('ubo_id_doc_name')} required maxLength={64} placeholder="与证件上的姓名一致" />
            <TextInput label="证件号码" path={at('ubo_id_doc_number')} required upper maxLength={mainland ? 18 : 30} />
            <TextInput label="证件居住地址" path={at('ubo_id_doc_address')} required maxLength={256} />
            <PicturePair
              label="证件照片"
              required
              items={[
                { path: at('ubo_id_doc_copy'), label: `受益所有人${i + 1}证件正面照片`, caption: mainland ? '人像面' : '正面' },
                { path: at('ubo_id_doc_copy_back'), label: `受益所有人${i + 1}证件反面照片`, caption: mainland ? '国徽面' : '反面（选填）' },
              ]}
            />
            <PeriodInput label="证件有效期" beginPath={at('ubo_period_begin')} endPath={at('ubo_period_end')} required />
          </section>
        );
      })}
      {errors.ubo_info_list ? (
        <p className={styles.listError} role="alert">
          {errors.ubo_info_list}
        </p>
      ) : null}
      {owners.length < MAX_UBO ? (
        <button type="button" className={styles.addCard} onClick={onAdd}>
          <Plus size={16} aria-hidden />
          添加受益所有人
        </button>
      ) : null}
    </>
  );
}
